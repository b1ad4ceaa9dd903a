/** The codes the params API checks (modules/params/README.md), which hide the buttons behind them. */
export const PARAM_PERMISSIONS = {
  add: 'system:config:add',
  edit: 'system:config:edit',
  remove: 'system:config:remove',
} as const;

/**
 * A param as the list answers it. `builtin`: declared by a module, whose key and name are the
 * module's; `inherited`: the platform's default read in a tenant, which the tenant cannot change.
 */
export interface Param {
  id: string;
  key: string;
  value: string;
  name: string;
  builtin: boolean;
  remark: string | null;
  inherited: boolean;
  version: number;
}

/** The default tenant's code: its params are the platform's (docs/tenancy.md). */
const PLATFORM_TENANT = 'default';

/**
 * Whether a delete of the param can succeed: a tenant's own param can go (an override of a
 * built-in one too: the platform's applies again), a platform built-in param never, and an
 * inherited one is not the tenant's to delete.
 */
export function removable(param: Param, tenantCode: string | undefined): boolean {
  if (param.inherited) return false;
  return !param.builtin || (tenantCode !== undefined && tenantCode !== PLATFORM_TENANT);
}
