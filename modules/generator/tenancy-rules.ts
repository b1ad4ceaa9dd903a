import type { ErrorDetail } from '@atrium/kernel';
import { isGeneratedId } from './column-types';
import type { ColumnFacts } from './table-config';

/**
 * A name `tenantOwned` takes whole: a plain lower-case name whose policy and index names
 * (`<table>_tenant_isolation`, `<table>_tenant_id_index`) stay within PostgreSQL's 63 bytes, so
 * the kernel finds the policy by its name when a tenant is deleted.
 */
const OWNABLE_TABLE = /^[a-z_][a-z0-9_]{0,45}$/;

/** The column `tenantOwned` adds: a table that has one of its own cannot be given another. */
export const TENANT_COLUMN = 'tenant_id';

/**
 * Why the table cannot be tenant-owned, each as a message; none when it can. A key the client
 * chooses is one: two tenants choosing the same one would collide, and the 409 would tell the
 * second that the first has it.
 */
export function tenantOwnershipObstacles(tableName: string, columns: readonly ColumnFacts[]): string[] {
  const obstacles: string[] = [];
  if (!OWNABLE_TABLE.test(tableName)) obstacles.push('a tenant-owned table needs a plain lower-case name of at most 46 characters');
  const key = columns.find((c) => c.primaryKey);
  if (key && !isGeneratedId(key)) {
    obstacles.push(
      `its key "${key.columnName}" is chosen by the client, so two tenants' keys would collide: a tenant-owned table needs a uuid key or one the database numbers`,
    );
  }
  if (columns.some((c) => c.columnName === TENANT_COLUMN)) {
    obstacles.push(`it has a column "${TENANT_COLUMN}" of its own, the name tenancy adds: rename that column`);
  }
  return obstacles;
}

/** A configuration asking for a tenant-owned table that cannot be one. */
export function tenancyProblems(config: { tableName: string; tenantOwned: boolean; columns: readonly ColumnFacts[] }): ErrorDetail[] {
  if (!config.tenantOwned) return [];
  return tenantOwnershipObstacles(config.tableName, config.columns).map((message) => ({
    field: '/body/tenantOwned',
    rule: 'tenantOwned',
    message: `${message}; or set tenantOwned to false (one set of records for every tenant, for platform administrators only)`,
  }));
}
