import { describe, expect, it } from 'vitest';
import { payloadFields, payloadValues } from '../src/pages/custom/tasks/payload';

const SLEEP = { type: 'object', properties: { ms: { type: 'integer', minimum: 0, maximum: 3_600_000 } }, required: ['ms'] };
const ECHO = { type: 'object', properties: {}, additionalProperties: true };

describe('a task type’s payload in the console', () => {
  it('draws a closed object of simple properties as fields', () => {
    expect(payloadFields(SLEEP)).toEqual([expect.objectContaining({ name: 'ms', kind: 'integer', required: true, minimum: 0, maximum: 3_600_000 })]);
  });

  it('types as JSON a payload open to any property, one without properties, or one with a nested object', () => {
    expect(payloadFields(ECHO)).toBeUndefined();
    expect(payloadFields({ type: 'object', properties: {} })).toBeUndefined();
    expect(payloadFields({ type: 'object', properties: { where: { type: 'object' } } })).toBeUndefined();
    expect(payloadFields(undefined)).toBeUndefined();
  });

  it('fills the form with the fields, or with the payload as indented JSON', () => {
    expect(payloadValues(SLEEP, { ms: 500 })).toEqual({ ms: 500 });
    expect(payloadValues(ECHO, { a: [1] })).toEqual({ json: '{\n  "a": [\n    1\n  ]\n}' });
    expect(payloadValues(ECHO, null)).toEqual({ json: '{}' });
  });
});
