import type { EntityManager } from '@mikro-orm/postgresql';
import { CURRENT_TENANT_SQL, DEFAULT_TENANT_ID } from './tenancy-names';
import { tenantOwned } from './tenant-owned';
import { currentTenantId } from './tenant-scope';

/**
 * The SQL that makes a table tenant-owned with platform defaults, for a migration:
 * `this.addSql(tenantOverridable('params_param'))`. The default tenant's rows are the platform's
 * defaults, which every tenant reads beside its own and none but the default tenant changes.
 *
 * - everything `tenantOwned` makes, its policy included: a statement changes, inserts and deletes
 *   only its own tenant's rows (so `deleteTenantRows` finds the table by that policy and takes a
 *   tenant's own rows only, never the defaults);
 * - a second policy, for reads only: a statement with a tenant also reads the default tenant's
 *   rows. Permissive policies add up, so a read sees its own rows and the defaults, never
 *   another tenant's; a statement without a tenant still reads none.
 *
 * Which of a default and a tenant's own row with the same key applies is the module's to say
 * (its own rows usually win): the database only keeps other tenants out.
 */
export function tenantOverridable(table: string): string {
  const defaults = `"tenant_id" = '${DEFAULT_TENANT_ID}' and ${CURRENT_TENANT_SQL} is not null`;
  return [tenantOwned(table), `create policy "${table}_platform_defaults" on "${table}" for select using (${defaults})`].join(';\n');
}

/**
 * The tenant whose rows the current work writes, and whose rows win over the defaults: the
 * current tenant, or the default one for platform work and work in no tenant (a timer reads the
 * platform's settings).
 */
export function ownTenantId(): string {
  return currentTenantId() ?? DEFAULT_TENANT_ID;
}

/**
 * The ids of the defaults in `table` that the current tenant overrides, as a subquery for `$nin`
 * in a list's condition: default rows whose `keyColumn` (whatever its case) one of the tenant's
 * own rows has. It names no tenant: row-level security lets a tenant's statement read only its
 * own rows beside the defaults, so a row that is not the default tenant's is the tenant's, and
 * one built statement serves every tenant.
 */
export function overriddenDefaults(em: EntityManager, table: string, keyColumn: string): never {
  const knex = em.getKnex();
  const own = knex(`${table} as o`)
    .select(knex.raw('1'))
    .whereRaw('lower(??) = lower(??)', [`o.${keyColumn}`, `d.${keyColumn}`])
    .whereNot('o.tenant_id', DEFAULT_TENANT_ID);
  // MikroORM takes a knex query in `$nin`; its filter types do not say so.
  return knex(`${table} as d`).select('d.id').where('d.tenant_id', DEFAULT_TENANT_ID).whereExists(own) as never;
}
