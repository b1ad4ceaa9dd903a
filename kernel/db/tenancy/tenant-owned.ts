import { CURRENT_TENANT_SQL, DEFAULT_TENANT_ID } from './tenancy-names';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** A tenant-owned table's policy is named `<table>` followed by this: how the kernel finds them all. */
export const TENANT_POLICY_SUFFIX = '_tenant_isolation';

/**
 * The SQL that makes a table tenant-owned, for a migration: `this.addSql(tenantOwned('notes_note'))`.
 *
 * - a `tenant_id` column filled in from the statement's tenant (rows already there belong to the
 *   default tenant), indexed;
 * - row-level security, enabled and forced, with one policy: a statement reads, changes and
 *   inserts only rows of its own tenant, and one without a tenant touches none.
 *
 * Unique constraints stay the table's own: make them per tenant by leading with `tenant_id`.
 *
 * A table cannot be altered while checks of deferred constraints on it are pending (rows an
 * earlier migration of the same run inserted), so those checks are made first: from there on,
 * the run's constraints are checked at each statement.
 */
export function tenantOwned(table: string): string {
  if (!IDENTIFIER.test(table)) throw new Error(`tenantOwned: "${table}" is not a plain lower-case table name`);
  const ownRows = `"tenant_id" = ${CURRENT_TENANT_SQL}`;
  return [
    'set constraints all immediate',
    `alter table "${table}" add column "tenant_id" uuid not null default '${DEFAULT_TENANT_ID}'`,
    `alter table "${table}" alter column "tenant_id" set default ${CURRENT_TENANT_SQL}`,
    `create index "${table}_tenant_id_index" on "${table}" ("tenant_id")`,
    `alter table "${table}" enable row level security`,
    `alter table "${table}" force row level security`,
    `create policy "${table}${TENANT_POLICY_SUFFIX}" on "${table}" using (${ownRows}) with check (${ownRows})`,
  ].join(';\n');
}
