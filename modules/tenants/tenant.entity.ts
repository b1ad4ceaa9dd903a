import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';

export const TENANT_STATUSES = ['active', 'disabled'] as const;

/** A tenant. The table is created by migrations/0001-create-tenants.ts. */
export const TenantEntity = defineEntity({
  name: 'Tenant',
  tableName: 'tenants_tenant',
  properties: (p) => ({
    ...resourceColumns(p),
    code: p.string().length(64),
    name: p.string().length(100),
    status: p.enum([...TENANT_STATUSES]),
    packageId: p.uuid().nullable(),
    expiresAt: p.datetime().nullable(),
    userLimit: p.integer().nullable(),
    remark: p.string().length(500).nullable(),
  }),
});

export type Tenant = InferEntity<typeof TenantEntity>;

/** Whether a tenant's users may sign in and act: active, and not past its expiry. */
export function isUsable(tenant: { status?: unknown; expiresAt?: Date | null }, now = new Date()): boolean {
  return tenant.status === 'active' && (tenant.expiresAt == null || tenant.expiresAt > now);
}
