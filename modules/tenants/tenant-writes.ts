import { AppError, deleteTenantRows, runAsPlatform, type ModuleContext, type ResourceHooks, type Row } from '@atrium/kernel';
import { TenantLifecycleSpi } from './api';
import { DEFAULT_TENANT_ID } from './default-tenant';
import { TenantErrors } from './errors';
import { isUsable } from './tenant.entity';

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
  afterWrite: async ({ action, before, after }, ctx) => {
    if (before && isUsable(before) && !(after && isUsable(after))) await suspended(ctx, String(before.id));
    else if (before && after && before.packageId !== after.packageId) await ceilingChanged(ctx);
    if (action === 'delete' && before) await removeRows(ctx, String(before.id));
  },
};

/**
 * A deleted tenant takes its rows along: every tenant-owned table's, in one transaction, as the
 * platform. Should that fail, the tenant is deleted all the same (nobody can sign in to it) and
 * the operator is told which tenant's rows are left.
 */
async function removeRows(ctx: ModuleContext, tenantId: string): Promise<void> {
  try {
    const deleted = await runAsPlatform(() => ctx.db.transactional((em) => deleteTenantRows(em, tenantId)));
    ctx.log.info({ tenantId, deleted }, "deleted the tenant's rows");
  } catch (error) {
    ctx.log.error({ err: error, tenantId }, 'the tenant is deleted, but its rows could not be: delete them with deleteTenantRows, as the platform');
  }
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
