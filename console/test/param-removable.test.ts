import { describe, expect, it } from 'vitest';
import { removable, type Param } from '../src/pages/custom/params/param';

const param = (fields: Partial<Param>): Param => ({
  id: 'p',
  key: 'site.title',
  value: 'Atrium',
  name: 'Site title',
  builtin: false,
  remark: null,
  inherited: false,
  version: 1,
  ...fields,
});

describe('removable: whether a param offers Delete', () => {
  it('offers it on an operator’s own param, in the platform and in a tenant', () => {
    expect(removable(param({}), 'default')).toBe(true);
    expect(removable(param({}), 'acme')).toBe(true);
  });

  it('never on the platform’s built-in params, which the API refuses to delete', () => {
    expect(removable(param({ builtin: true }), 'default')).toBe(false);
    expect(removable(param({ builtin: true }), undefined)).toBe(false);
  });

  it('on a tenant’s own override of a built-in param, whose delete brings the platform’s back', () => {
    expect(removable(param({ builtin: true }), 'acme')).toBe(true);
  });

  it('never on a default read in a tenant, which is not the tenant’s to delete', () => {
    expect(removable(param({ inherited: true }), 'acme')).toBe(false);
    expect(removable(param({ inherited: true, builtin: true }), 'acme')).toBe(false);
  });
});
