import type { Status } from '../../status';
import type { PermissionScope } from '../permissions/permission-codes';

/** The codes the packages API checks (modules/tenants/README.md), which hide the buttons behind them. */
export const PACKAGE_PERMISSIONS = {
  add: 'system:tenantPackage:add',
  edit: 'system:tenantPackage:edit',
  remove: 'system:tenantPackage:remove',
} as const;

/** What a package may list: a tenant's permissions; those of scope `global` stay the platform's. */
export const PACKAGE_SCOPES: readonly PermissionScope[] = ['tenant', 'row'];

/** A package of permissions a tenant may use, as the list and the item answer it. */
export interface TenantPackage {
  id: string;
  name: string;
  permissions: string[];
  status: Status;
  remark: string | null;
  createdAt: string;
  version: number;
}
