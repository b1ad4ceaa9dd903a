/**
 * The kernel's database: MikroORM 6 on PostgreSQL — the server at `DATABASE_URL`, or, without
 * one, the embedded PostgreSQL kept in the data directory. Both are reached the same way (the
 * `@mikro-orm/postgresql` driver on a `postgres://` URL), so the same SQL and the same
 * migrations run on both.
 */
import type { EntitySchema, MikroORM } from '@mikro-orm/core';
import type { GlobalFilter } from '../auth/row-scope';
import { MikroORM as PostgreSqlMikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ConfigError } from '../config';
import { embeddedDataDir, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded/embedded-postgres';
import { setExactCountLimit } from './page-total';
import { knexLog, pinoOrmLoggerFactory } from './orm-logger';
import { installConnectionIdentity } from './tenancy/connection-identity';

/** knex's default, for a PostgreSQL server. */
const DEFAULT_POOL_SIZE = 10;

/**
 * Bounds that turn an unreachable PostgreSQL server into a prompt error instead of a request (or
 * a start) that hangs: pg gives up connecting after CONNECT_TIMEOUT_MS, and a request waits at
 * most ACQUIRE_TIMEOUT_MS for a pooled connection (knex's default is a minute). The acquire bound
 * is the larger so that a busy but healthy pool still serves its queue.
 */
const CONNECT_TIMEOUT_MS = 5000;
const ACQUIRE_TIMEOUT_MS = 10_000;

/** Any module's entity: MikroORM's schema type is invariant in its entity, so only `any` spans them all. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEntitySchema = EntitySchema<any, any>;

export interface DatabaseOptions {
  /** A PostgreSQL server; without it the embedded PostgreSQL runs in `dataDir`. */
  databaseUrl?: string;
  /** DATA_DIR: the embedded PostgreSQL keeps its files in its `postgres/` folder (unused with `databaseUrl`). */
  dataDir: string;
  /** The ORM's connection pool on a PostgreSQL server. The embedded one always gets 1. */
  poolSize?: number;
  /** Connections the embedded PostgreSQL accepts: every pool that connects (ORM, pg-boss). */
  embeddedMaxConnections?: number;
  /**
   * The embedded PostgreSQL of `dataDir`, already starting (main.ts starts it before the kernel's
   * code loads), used instead of starting one; the database owns it from here. Never with
   * `databaseUrl`.
   */
  embedded?: Promise<EmbeddedPostgres>;
  entities?: readonly AnyEntitySchema[];
  /** Rows a list counts exactly at most (kernel/db/page-total.ts); its default when left out. */
  exactCountLimit?: number;
  /** Global MikroORM filters (the kernel's row scope). */
  filters?: readonly GlobalFilter[];
  logger?: Logger;
}

/** Where the embedded PostgreSQL keeps its files; defined beside it, which loads without the ORM. */
export { embeddedDataDir };

export interface Database {
  /** Where the database is, for other clients (pg-boss); the embedded one's local socket URL. */
  readonly url: string;
  readonly embedded: boolean;
  readonly orm: MikroORM<PostgreSqlDriver>;
  /**
   * Maps entities after boot (a module loaded live). An entity whose class name is already
   * mapped is replaced, so reloading a module remaps its entities.
   */
  addEntities(entities: readonly AnyEntitySchema[]): void;
  /**
   * Turns tenant isolation on once the kernel's migrations have made its role: from then on
   * each statement runs as the app role in its tenant scope (kernel/db/tenancy/). Idempotent.
   */
  enableTenancy(): Promise<void>;
  /** The ORM first, then the embedded PostgreSQL it was connected to. Idempotent. */
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = options.databaseUrl
    ? undefined
    : await (options.embedded ??
        startEmbeddedPostgres({
          dataDir: embeddedDataDir(options.dataDir),
          maxConnections: options.embeddedMaxConnections,
          logger: options.logger,
        }));
  const url = options.databaseUrl ?? embedded!.url;

  let orm: MikroORM<PostgreSqlDriver>;
  try {
    orm = await initOrm(url, options, embedded !== undefined);
    if (options.exactCountLimit !== undefined) setExactCountLimit(orm.config, options.exactCountLimit);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }

  const identity = installConnectionIdentity(orm);
  let tenancy: Promise<void> | undefined;
  let closing: Promise<void> | undefined;
  return {
    url,
    embedded: embedded !== undefined,
    orm,
    addEntities(entities) {
      const mapped = entities.map((e) => e.meta.className).filter((name) => orm.getMetadata().has(name));
      orm.discoverEntity([...entities], mapped);
      // MikroORM 6.6.16's discoverEntity keeps copies of the metadata made before the version
      // property is found (MetadataDiscovery.processDiscoveredEntities): without this, an entity
      // loaded live would never check nor move its version, and optimistic locking would be off.
      for (const entity of entities) {
        const meta = orm.getMetadata().get(entity.meta.className);
        meta.versionProperty ??= meta.props.find((prop) => prop.version)?.name as typeof meta.versionProperty;
      }
    },
    enableTenancy() {
      tenancy ??= identity.enable();
      return tenancy;
    },
    close() {
      closing ??= (async () => {
        try {
          await orm.close(true);
        } finally {
          await embedded?.stop();
        }
      })();
      return closing;
    },
  };
}

async function initOrm(url: string, options: DatabaseOptions, embedded: boolean): Promise<MikroORM<PostgreSqlDriver>> {
  const logger = options.logger;
  const orm = await PostgreSqlMikroORM.init<PostgreSqlDriver>({
    driver: PostgreSqlDriver,
    clientUrl: url,
    entities: [...(options.entities ?? [])],
    filters: Object.fromEntries((options.filters ?? []).map(({ name, ...filter }) => [name, filter])),
    // Modules may map no entity at all, and entities may be added after boot (addEntities).
    discovery: { warnWhenNoEntities: false },
    // Every unit of work runs in its own fork (a request, a task): the global EntityManager
    // would share one identity map across all of them.
    allowGlobalContext: false,
    pool: {
      min: 0,
      // The embedded PostgreSQL has one backend session shared by every connection: one
      // connection keeps a transaction's statements from interleaving with other work.
      max: embedded ? 1 : (options.poolSize ?? DEFAULT_POOL_SIZE),
      // On the embedded database the one connection may be held by a long transaction (a
      // migration, a generation): waiting for it is not an outage, so knex's minute stays.
      ...(embedded ? {} : { acquireTimeoutMillis: ACQUIRE_TIMEOUT_MS, createTimeoutMillis: CONNECT_TIMEOUT_MS }),
    },
    // keepAlive: a connection whose server vanished without a word is found dead by the OS
    // rather than waited on forever. Dead connections are discarded by knex (it marks a client
    // that emitted 'error' or 'end' and never hands it out again), so the pool recovers by
    // itself once the server answers: new connections are made on demand.
    driverOptions: { connection: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true }, ...(logger ? { log: knexLog(logger) } : {}) },
    // A missing database is a configuration error to report, not one to create on the fly.
    ensureDatabase: false,
    // Entities are EntitySchemas: nothing to cache, and no `temp/` folder in the working dir.
    metadataCache: { enabled: false },
    colors: false,
    debug: logger?.isLevelEnabled('trace') ? ['query', 'query-params'] : false,
    ...(logger ? { loggerFactory: pinoOrmLoggerFactory(logger) } : {}),
  });
  const check = await orm.checkConnection();
  if (!check.ok) {
    await orm.close(true);
    if (embedded) throw new Error(`cannot connect to the embedded PostgreSQL: ${check.reason}`, { cause: check.error });
    // The operator's to fix, so said as a configuration error: the variable, where it points
    // (never its credentials) and why; not a stack.
    throw new ConfigError(`cannot connect to the database of DATABASE_URL (${describeUrl(url)}): ${check.reason}`);
  }
  return orm;
}

/** host:port/database, without the credentials a URL may carry. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'unparseable URL';
  }
}
