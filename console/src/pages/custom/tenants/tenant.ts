import { useCan, useList } from '@refinedev/core';
import { useMemo } from 'react';
import type { Status } from '../../status';

/** The codes the tenants API checks (modules/tenants/README.md), which hide the buttons behind them. */
export const TENANT_PERMISSIONS = {
  add: 'system:tenant:add',
  edit: 'system:tenant:edit',
  remove: 'system:tenant:remove',
  packages: 'system:tenantPackage:list',
} as const;

/** A tenant as the list answers it. */
export interface Tenant {
  id: string;
  code: string;
  name: string;
  status: Status;
  packageId: string | null;
  expiresAt: string | null;
  userLimit: number | null;
  remark: string | null;
  version: number;
}

/** The default tenant's code: it stays active and cannot be deleted (the API refuses both). */
export const DEFAULT_TENANT_CODE = 'default';

/**
 * The tenant packages to choose from and to name in the list: the first 200 (the API's largest
 * page), read once for the list and its form, and only by whoever may list them.
 */
export function usePackages() {
  const { data: can } = useCan({ resource: 'tenants/packages', action: 'list', params: { permission: TENANT_PERMISSIONS.packages } });
  const { result } = useList<{ id: string; name: string }>({
    resource: 'tenants/packages',
    pagination: { pageSize: 200 },
    queryOptions: { enabled: can?.can === true },
  });
  return useMemo(() => {
    const names = new Map(result.data.map((pkg) => [pkg.id, pkg.name]));
    return { options: result.data.map((pkg) => ({ value: pkg.id, label: pkg.name })), nameOf: (id: string) => names.get(id) ?? id };
  }, [result.data]);
}

export type Packages = ReturnType<typeof usePackages>;
