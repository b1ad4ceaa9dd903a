/**
 * Boots the real kernel for a test: a fresh database (embedded, or a new database on the
 * PostgreSQL of DATABASE_URL), a real HTTP server on an ephemeral port, and the modules asked for.
 */
import path from 'node:path';
import { Writable } from 'node:stream';
import supertest from 'supertest';
import { boot } from '../../kernel/boot';
import type { KernelConfig } from '../../kernel/config';
import type { Kernel } from '../../kernel/kernel';
import { createLogger } from '../../kernel/logging/logger';
import type { RowScope } from '../../kernel/auth/row-scope';
import { createTestDatabase, type TestDatabase } from './database';
import { runAsPlatform, runInTenant } from '../../kernel/db/tenancy/tenant-scope';

export const FIXTURES = path.join(__dirname, '..', 'fixtures', 'modules');

/** A fixture module folder, to put on the module path. */
export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

export interface TestServer {
  kernel: Kernel;
  url: string;
  /** supertest bound to the running server's URL. */
  http: () => supertest.Agent;
  /** Every log line the server wrote, parsed (only with `captureLogs`). */
  logs: Record<string, unknown>[];
  /** The raw log output (only with `captureLogs`). */
  rawLogs: () => string;
  database: TestDatabase;
  dataDir: string;
  /**
   * Runs SQL on the kernel's database as its owner, across every tenant: what a test inspects
   * or breaks on purpose (a renamed table, fresh statistics) is not tenant work.
   */
  sql<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * Runs SQL as a request of `tenantId` does: as the app role, the database limiting it to that
   * tenant's rows (what a list's plan reads, what a module's raw SQL sees).
   */
  tenantSql<T = Record<string, unknown>>(tenantId: string, text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Stops the kernel and drops its database. */
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Module folders (MODULE_PATH entries); the test-auth fixture is added unless `withoutAuth`. */
  modulePaths?: string[];
  withoutAuth?: boolean;
  config?: Partial<KernelConfig>;
  env?: NodeJS.ProcessEnv;
  captureLogs?: boolean;
  /** Reuse a database from an earlier server (a restart); it is then not dropped on stop. */
  database?: TestDatabase;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = options.captureLogs ? createLogger('info', sink) : createLogger('silent');
  const modulePaths = [...(options.withoutAuth ? [] : [fixture('test-auth')]), ...(options.modulePaths ?? [])];
  const kernel = await boot({
    env: options.env ?? { NODE_ENV: 'test' },
    logger,
    config: {
      host: '127.0.0.1',
      port: 0,
      databaseUrl: database.databaseUrl,
      dataDir: database.dataDir,
      modulePaths,
      shutdownTimeoutMs: 2000,
      ...options.config,
    },
  }).catch(async (error: unknown) => {
    // A refused boot must not leave its database behind on the shared PostgreSQL.
    if (!options.database) await database.cleanup();
    throw error;
  });
  const url = kernel.url;
  return {
    kernel,
    url,
    http: () => supertest.agent(url),
    get logs() {
      return lines
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    rawLogs: () => lines.join(''),
    database,
    dataDir: database.dataDir,
    sql: <T>(text: string, params: readonly unknown[] = []) => runAsPlatform(() => execute<T>(kernel, text, params)),
    tenantSql: <T>(tenantId: string, text: string, params: readonly unknown[] = []) => runInTenant(tenantId, () => execute<T>(kernel, text, params)),
    async stop() {
      await kernel.stop();
      if (!options.database) await database.cleanup();
    },
  };
}

function execute<T>(kernel: Kernel, text: string, params: readonly unknown[]): Promise<T[]> {
  return kernel.db.orm.em
    .fork()
    .getConnection()
    .execute<T[]>(text, [...params]);
}

export interface FixtureTokenOptions {
  /** The principal's userId (default `user-<username>`). */
  userId?: string;
  /** The principal's row scope (default: none, i.e. every row). */
  rowScope?: RowScope;
  attributes?: Record<string, unknown>;
  /** The tenant the principal acts in (default: none named, i.e. the default tenant). */
  tenantId?: string;
}

/** A bearer token the test-auth fixture accepts, granting exactly `permissions`. */
export function tokenFor(username: string, permissions: string[], options: FixtureTokenOptions = {}): string {
  const claims = { u: username, p: permissions, i: options.userId, s: options.rowScope, a: options.attributes, t: options.tenantId };
  return `Bearer fixture.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
}

/** A token granting everything (`*:*:*`). */
export const ADMIN = tokenFor('admin', ['*:*:*']);
