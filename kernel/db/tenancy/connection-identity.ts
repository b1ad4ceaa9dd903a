import type { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ConfigError } from '../../config';
import { APP_ROLE, DEFAULT_TENANT_ID, TENANT_SETTING } from './tenancy-names';
import { currentTenantScope, type TenantScope } from './tenant-scope';

/** A pooled pg client, as knex hands it out. */
interface PooledConnection {
  query(text: string, values: readonly string[]): Promise<unknown>;
}

/** The part of knex's client that hands out connections (knex/lib/client.js). */
interface ConnectionSource {
  acquireConnection(): Promise<PooledConnection>;
  releaseConnection(connection: PooledConnection): Promise<void>;
}

/** Who a connection acts as: `none` is the session's own (owner) role. */
interface Identity {
  role: string;
  tenant: string;
}

/** What each connection was last switched to, so an unchanged identity costs no round trip. */
const switchedTo = new WeakMap<PooledConnection, string>();

export interface ConnectionIdentity {
  /**
   * From now on every statement runs as the app role limited to its scope's tenant (none
   * outside a scope), platform work as the owner. Called once the kernel's migrations have
   * created the role; refused when the connecting role could not read across tenants itself.
   */
  enable(): Promise<void>;
}

/**
 * Makes every connection the ORM hands out act for the current tenant scope (tenant-scope.ts).
 * The identity is set on the connection as it leaves the pool, before its first statement (a
 * transaction's `begin` included), whenever it differs from what that connection last had: a
 * connection never carries one scope's identity into another's statement, and work without a
 * scope runs as the app role with no tenant, which sees no tenant-owned row. knex has no hook
 * per acquisition, so its client's `acquireConnection` is wrapped: every query and every
 * transaction, of the ORM and of raw SQL through it alike, passes there.
 */
export function installConnectionIdentity(orm: MikroORM<PostgreSqlDriver>): ConnectionIdentity {
  const source = orm.em.getConnection().getKnex().client as ConnectionSource;
  const acquire = source.acquireConnection.bind(source);
  let enabled = false;
  source.acquireConnection = async () => {
    const connection = await acquire();
    if (!enabled) return connection;
    try {
      await switchIdentity(connection, identityOf(currentTenantScope()));
    } catch (error) {
      await source.releaseConnection(connection);
      throw error;
    }
    return connection;
  };
  return {
    async enable() {
      const [{ bypasses }] = await orm.em
        .getConnection()
        .execute<{ bypasses: boolean }[]>('select rolsuper or rolbypassrls as bypasses from pg_roles where rolname = session_user');
      if (!bypasses) {
        throw new ConfigError(
          'the role of DATABASE_URL must be a superuser or have BYPASSRLS: migrations and platform work read every tenant, and tenant work switches to the role ' +
            `${APP_ROLE} (docs/tenancy.md)`,
        );
      }
      enabled = true;
    },
  };
}

/**
 * Platform work reads every tenant as the owner; a row it inserts without naming a tenant lands
 * in the default one (a migration's seed, an installation's first administrator).
 */
function identityOf(scope: TenantScope | undefined): Identity {
  if (scope && 'platform' in scope) return { role: 'none', tenant: DEFAULT_TENANT_ID };
  return { role: APP_ROLE, tenant: scope?.tenantId ?? '' };
}

async function switchIdentity(connection: PooledConnection, identity: Identity): Promise<void> {
  const key = `${identity.role}/${identity.tenant}`;
  if (switchedTo.get(connection) === key) return;
  // Forget first: a switch that fails half-way leaves the connection's identity unknown.
  switchedTo.delete(connection);
  await connection.query(`select set_config('role', $1, false), set_config('${TENANT_SETTING}', $2, false)`, [identity.role, identity.tenant]);
  switchedTo.set(connection, key);
}
