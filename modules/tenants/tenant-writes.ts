import { AppError, type ModuleContext, type ResourceHooks, type Row } from '@atrium/kernel';
import { TenantLifecycleSpi } from './api';
import { DEFAULT_TENANT_ID } from './default-tenant';
import { TenantErrors } from './errors';

/**
 * Expiries are stored as instants. The default tenant is where a login that names no tenant goes
 * and where the platform's administrator lives: it stays active, keeps its code, never expires and
 * is never deleted.
 */
export const tenantWrites: ResourceHooks = {
  beforeCreate: (fields) => storedExpiry(fields),
  beforeUpdate: (row, change) => {
    storedExpiry(change);
    if (row.id !== DEFAULT_TENANT_ID) return;
    if (change.status !== undefined && change.status !== 'active') refuse('/body/status', 'the default tenant stays active');
    if (change.code !== undefined && String(change.code).toLowerCase() !== String(row.code).toLowerCase())
      refuse('/body/code', 'the default tenant keeps its code');
    if (change.expiresAt !== undefined && change.expiresAt !== null) refuse('/body/expiresAt', 'the default tenant never expires');
  },
  checkDelete: (row: Row) => {
    if (row.id === DEFAULT_TENANT_ID) refuse('/params/id', 'the default tenant cannot be deleted');
  },
  afterWrite: async ({ before, after }, ctx) => {
    if (before && usable(before) && !(after && usable(after))) await suspended(ctx, String(before.id));
    else if (before && after && before.packageId !== after.packageId) await ceilingChanged(ctx);
  },
};

/** Whether a tenant's users may sign in and act: active, and not past its expiry. */
function usable(row: Row, now = new Date()): boolean {
  const expiresAt = row.expiresAt as Date | null | undefined;
  return row.status === 'active' && (expiresAt == null || expiresAt > now);
}

/** Tells every `tenants.lifecycle` that what some tenant's users may hold changed. */
export async function ceilingChanged(ctx: ModuleContext): Promise<void> {
  for (const listener of ctx.contributions(TenantLifecycleSpi)) await listener.ceilingChanged();
}

/** Tells every `tenants.lifecycle` that the tenant stopped being usable. */
async function suspended(ctx: ModuleContext, tenantId: string): Promise<void> {
  for (const listener of ctx.contributions(TenantLifecycleSpi)) await listener.tenantSuspended(tenantId);
  ctx.log.info({ tenantId }, 'tenant suspended: its sessions ended');
}

/** An expiry as the instant it names, so that every answer writes it the same way (UTC). */
function storedExpiry(fields: Record<string, unknown>): void {
  if (typeof fields.expiresAt === 'string') fields.expiresAt = new Date(fields.expiresAt);
}

function refuse(field: string, message: string): never {
  throw new AppError(TenantErrors.TENANT_DEFAULT_PROTECTED_409, { details: [{ field, rule: 'protected', message }] });
}
