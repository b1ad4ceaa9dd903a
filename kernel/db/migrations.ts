/**
 * Schema migrations of the kernel and of every module, through MikroORM's Migrator.
 *
 * Each module ships numbered migration classes; the kernel collects them in load order and runs
 * the pending ones here. They are recorded in `atrium_migrations` as `<moduleId>:<name>`, so two
 * modules may both have a `0001-init` and a module's history can be listed on its own.
 */
import type { Migration, Migrator } from '@mikro-orm/migrations';
import { Client } from 'pg';
import type { Logger } from 'pino';
import type { Database } from './database';
import { MigrationError } from './migration-error';
import { runAsPlatform } from './tenancy/tenant-scope';

export const MIGRATIONS_TABLE = 'atrium_migrations';

/** The PostgreSQL advisory lock instances take to migrate one at a time (an arbitrary int8). */
const MIGRATION_LOCK_KEY = '4211630597531';

export interface ModuleMigration {
  moduleId: string;
  /** e.g. `0001-create-users`, unique within the module. */
  name: string;
  /** Absolute path of the migration file, for error messages. */
  file: string;
  /** A `Migration` subclass from `@mikro-orm/migrations`. */
  migration: new (...args: any[]) => Migration;
}

export interface RunMigrationsOptions {
  /** Where each applied migration is reported. */
  logger?: Logger;
}

/** The name a migration is recorded under. */
export function migrationId(moduleId: string, name: string): string {
  return `${moduleId}:${name}`;
}

/**
 * Applies the pending ones of `migrations`, in the given order (a module's own order, modules in
 * load order). All of them run in one transaction, each in a savepoint of its own: when one
 * fails, the boot stops with a `MigrationError` and none of this run's migrations is applied or
 * recorded, so fixing the failing one and booting again starts from the same state.
 *
 * Migrations recorded earlier and not in the list are left alone: the list may be a subset (the
 * kernel's own, one module loaded live).
 *
 * Overlapping runs (several instances booting at once on one PostgreSQL, or two live loads)
 * take turns: the first applies, the next finds nothing pending.
 */
export async function runMigrations(db: Database, migrations: readonly ModuleMigration[], options: RunMigrationsOptions = {}): Promise<{ applied: string[] }> {
  const byId = indexById(migrations);
  // Most boots find everything applied: they need neither the turn-taking nor the Migrator.
  // What is applied stays applied, so a run that finds nothing pending has nothing to wait for.
  const applied = new Set(await runAsPlatform(() => listAppliedMigrations(db)));
  if ([...byId.keys()].every((id) => applied.has(id))) return { applied: [] };
  const migrator = createMigrator(db, migrations);
  if (options.logger) {
    const logger = options.logger;
    migrator.on('migrated', ({ name }) => logger.info({ migration: name }, 'migration applied'));
  }
  // Which migration was running when the run failed: the error umzug throws wraps the cause,
  // but its name alone does not give the file.
  let current: string | undefined;
  migrator.on('migrating', ({ name }) => {
    current = name;
  });
  try {
    // As the owner: migrations create tables and policies, and reach every tenant's rows.
    const ran = await runAsPlatform(() => oneAtATime(db, () => migrator.up()));
    return { applied: ran.map((m) => m.name) };
  } catch (error) {
    const failed = current === undefined ? undefined : byId.get(current);
    if (!failed) throw error;
    throw new MigrationError(failed.moduleId, failed.name, failed.file, rootCause(error));
  }
}

/** The names (`<moduleId>:<name>`) of the migrations applied so far, oldest first. */
export async function listAppliedMigrations(db: Database): Promise<string[]> {
  const connection = db.orm.em.fork().getConnection();
  // Before the first run the table does not exist yet: nothing is applied.
  const [{ exists }] = await connection.execute<{ exists: boolean }[]>(`select to_regclass('public.${MIGRATIONS_TABLE}') is not null as exists`);
  if (!exists) return [];
  const rows = await connection.execute<{ name: string }[]>(`select name from public.${MIGRATIONS_TABLE} order by id`);
  return rows.map((row) => row.name);
}

/** The migration run in progress per database, so that runs of one process queue up. */
const runInProgress = new WeakMap<Database, Promise<unknown>>();

/**
 * One run at a time per database: the Migrator checks for and creates its table, and reads what
 * is pending, before it opens its transaction, so two overlapping runs would both act on it.
 * Within this process runs queue up; across instances on one PostgreSQL, a session-level
 * advisory lock, held on a connection of its own, makes them take turns (a transaction lock
 * would come too late: the Migrator's own transaction). If an instance dies, its session ends
 * and the lock goes with it. The embedded PostgreSQL serves one process (its data directory is
 * locked), and its connections share one session, where an advisory lock would mean nothing.
 */
function oneAtATime<T>(db: Database, run: () => Promise<T>): Promise<T> {
  const previous = runInProgress.get(db) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => (db.embedded ? run() : withAdvisoryLock(db.url, run)));
  runInProgress.set(db, next);
  return next;
}

async function withAdvisoryLock<T>(url: string, run: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  // Losing this connection mid-run only loses the turn-taking; the run itself goes on and
  // reports its own errors. Unlistened, the 'error' event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await run();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => undefined);
  }
}

function indexById(migrations: readonly ModuleMigration[]): Map<string, ModuleMigration> {
  const byId = new Map<string, ModuleMigration>();
  for (const migration of migrations) {
    const id = migrationId(migration.moduleId, migration.name);
    const other = byId.get(id);
    if (other) throw new Error(`migration ${id} is listed twice (${other.file} and ${migration.file})`);
    byId.set(id, migration);
  }
  return byId;
}

/**
 * A Migrator reads its options once, when constructed, from the ORM's configuration: set them
 * for this run, construct, then put the configuration back as it was.
 */
function createMigrator(db: Database, migrations: readonly ModuleMigration[]): Migrator {
  const config = db.orm.config;
  const previous = config.get('migrations');
  config.set('migrations', {
    ...previous,
    tableName: MIGRATIONS_TABLE,
    migrationsList: migrations.map((m) => ({ name: migrationId(m.moduleId, m.name), class: m.migration })),
    // Each migration in a savepoint, all of the run in one transaction.
    transactional: true,
    allOrNothing: true,
    // `session_replication_role` needs a superuser, and on the embedded PostgreSQL a session
    // setting would leak to every connection: migrations keep foreign keys checked.
    disableForeignKeys: false,
    // Migrations are written by hand, never generated from entity diffs.
    snapshot: false,
    silent: true,
  });
  try {
    // Loaded by the first run that has work to do (see kernel/orm.ts).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
    const { Migrator: MigratorClass } = require('@mikro-orm/migrations') as typeof import('@mikro-orm/migrations');
    const migrator: Migrator = new MigratorClass(db.orm.em.fork());
    // The Migrator would look for its table among every table of the database, with a query
    // that fails on any table whose name holds a double quote (MikroORM 6.6.16,
    // PostgreSqlSchemaHelper.getListTablesSQL): one such table, made by anyone, would stop every
    // boot. The table is the kernel's own, so it is made by name, as the Migrator makes it.
    const connection = db.orm.em.getConnection();
    migrator.getStorage().ensureTable = async () => {
      await connection.execute(
        `create table if not exists public.${MIGRATIONS_TABLE} (id serial primary key, name varchar(255), executed_at timestamptz default current_timestamp)`,
      );
    };
    return migrator;
  } finally {
    config.set('migrations', previous);
  }
}

/**
 * The database's own words: umzug wraps the error (`Migration x (up) failed: Original error:
 * …`) and MikroORM prefixes the statement; the driver error underneath says only what failed.
 */
function rootCause(error: unknown): unknown {
  let current = error;
  while (current instanceof Error && current.cause !== undefined && current.cause !== current) current = current.cause;
  return current;
}
