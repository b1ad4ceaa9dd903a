/**
 * A fresh database per call, on whichever PostgreSQL the run targets:
 * - `DATABASE_URL` set: a new database on that server, dropped by `cleanup()`;
 * - otherwise: a new embedded data directory, copied from a template made once per machine and
 *   PGlite version (initdb takes seconds; a copy of a cleanly closed data directory opens at once).
 *
 * By default the built-in modules' migrations are already applied (the copy is of a migrated
 * template, made once per set of migrations — see test/support/migrated-template.ts): a boot then
 * runs only its fixtures' migrations, which saves most of a second per test server on the
 * embedded database. `{ empty: true }` gives a database nothing was ever applied to, for tests of
 * migrations themselves.
 *
 * Pass both fields to `openDatabase`: `databaseUrl` wins when it is set.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { embeddedDataDir } from '../../kernel/db/database';
import { startEmbeddedPostgres } from '../../kernel/db/embedded/embedded-postgres';
import { migratedEmbeddedTemplate, migratedServerTemplate } from './migrated-template';

export interface TestDatabase {
  databaseUrl?: string;
  dataDir: string;
  cleanup(): Promise<void>;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface TestDatabaseOptions {
  /** Nothing applied, not even the kernel's migrations. */
  empty?: boolean;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-test-db-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const databaseUrl = await createServerDatabase(serverUrl, options.empty ? undefined : await migratedServerTemplate(serverUrl));
    return {
      databaseUrl,
      dataDir,
      async cleanup() {
        removeDataDir();
        await dropServerDatabase(serverUrl, new URL(databaseUrl).pathname.slice(1));
      },
    };
  }
  const template = options.empty ? await embeddedTemplate() : await migratedEmbeddedTemplate(embeddedTemplate);
  fs.cpSync(template, embeddedDataDir(dataDir), { recursive: true });
  return { dataDir, cleanup: async () => removeDataDir() };
}

/**
 * A fresh embedded data directory whatever the run targets, for tests of the embedded
 * PostgreSQL itself. The caller removes its parent (the DATA_DIR it sits in).
 */
export async function createEmbeddedDataDir(): Promise<string> {
  // Inside a DATA_DIR of its own, where openDatabase() looks for it: `<DATA_DIR>/postgres`.
  const dataDir = embeddedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-test-pglite-')));
  fs.cpSync(await embeddedTemplate(), dataDir, { recursive: true });
  return dataDir;
}

async function createServerDatabase(serverUrl: string, template?: string): Promise<string> {
  const name = `atrium_t_${crypto.randomBytes(6).toString('hex')}`;
  // Both names are ours (hex and a hash), never input: there is no placeholder for a name.
  await withClient(serverUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropServerDatabase(serverUrl: string, name: string): Promise<void> {
  // FORCE: a test that failed half-way may have left a connection open.
  await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

let template: Promise<string> | undefined;

/**
 * `.tmp/pglite-template-<version>/`, made on first use. Mocha processes may run side by side, so
 * it is built under a unique name and renamed into place: a rename is atomic, and whoever loses
 * the race discards their copy and uses the winner's.
 */
export function embeddedTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = path.join(REPO_ROOT, '.tmp', `pglite-template-${pgliteVersion()}`);
    if (fs.existsSync(dir)) return dir;
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const build = fs.mkdtempSync(`${dir}.build-`);
    try {
      // The server's own start-up runs initdb; stop() closes PGlite cleanly and removes the lock.
      const embedded = await startEmbeddedPostgres({ dataDir: build });
      await embedded.stop();
      fs.renameSync(build, dir);
    } catch (error) {
      fs.rmSync(build, { recursive: true, force: true });
      if (!fs.existsSync(dir)) throw error;
    }
    return dir;
  })();
  return template;
}

function pgliteVersion(): string {
  // The package does not export its package.json; its entry is `dist/index.cjs`.
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}
