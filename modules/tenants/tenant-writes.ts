import { AppError, type ResourceHooks, type Row } from '@atrium/kernel';
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
};

/** An expiry as the instant it names, so that every answer writes it the same way (UTC). */
function storedExpiry(fields: Record<string, unknown>): void {
  if (typeof fields.expiresAt === 'string') fields.expiresAt = new Date(fields.expiresAt);
}

function refuse(field: string, message: string): never {
  throw new AppError(TenantErrors.TENANT_DEFAULT_PROTECTED_409, { details: [{ field, rule: 'protected', message }] });
}
