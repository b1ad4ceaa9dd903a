import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';

export const PACKAGE_STATUSES = ['active', 'disabled'] as const;

/** A tenant package: the permissions a tenant may use. The table is created by migrations/0001-create-tenants.ts. */
export const TenantPackageEntity = defineEntity({
  name: 'TenantPackage',
  tableName: 'tenants_package',
  properties: (p) => ({
    ...resourceColumns(p),
    name: p.string().length(100),
    permissions: p.array<string>(),
    status: p.enum([...PACKAGE_STATUSES]),
    remark: p.string().length(500).nullable(),
  }),
});

export type TenantPackage = InferEntity<typeof TenantPackageEntity>;
