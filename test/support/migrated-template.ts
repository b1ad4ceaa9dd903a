/**
 * Templates with the kernel's and the built-in modules' migrations applied, made once per set of
 * migrations and copied for each test database (test/support/database.ts). Applying them costs
 * most of a second per boot on the embedded database; copying a migrated data directory, or
 * `create database … template …` on PostgreSQL, costs next to nothing. The key is a hash of every
 * migration file and manifest, so a changed migration makes a new template.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { embeddedDataDir, openDatabase } from '../../kernel/db/database';
import { kernelMigrations } from '../../kernel/db/kernel-migrations';
import { runMigrations } from '../../kernel/db/migrations';
import { prepareModules } from '../../kernel/modules/prepare';
import { repoRoot } from '../../kernel/paths';

let embedded: Promise<string> | undefined;
let server: Promise<string> | undefined;

/** A migrated copy of the empty embedded template: `.tmp/pglite-migrated-<key>/`. */
export function migratedEmbeddedTemplate(emptyTemplate: () => Promise<string>): Promise<string> {
  embedded ??= (async () => {
    const empty = await emptyTemplate();
    const dir = `${empty.replace(/pglite-template-/, 'pglite-migrated-')}-${migrationsKey()}`;
    if (fs.existsSync(dir)) return dir;
    // Beside its destination, not under os.tmpdir(): a rename does not cross file systems (the
    // tests' TMPDIR may be a RAM disk).
    const dataDir = fs.mkdtempSync(`${dir}.build-`);
    try {
      fs.cpSync(empty, embeddedDataDir(dataDir), { recursive: true });
      await migrate({ dataDir });
      // Built aside and renamed into place: a rename is atomic, so a concurrent run never sees
      // half a template; whoever loses the race uses the winner's.
      fs.renameSync(embeddedDataDir(dataDir), dir);
    } catch (error) {
      if (!fs.existsSync(dir)) throw error;
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return dir;
  })();
  return embedded;
}

/** A migrated template database on the server of `serverUrl`: `atrium_tpl_<key>`. */
export function migratedServerTemplate(serverUrl: string): Promise<string> {
  server ??= (async () => {
    const name = `atrium_tpl_${migrationsKey()}`;
    const exists = await query(serverUrl, 'select 1 from pg_database where datname = $1', [name]);
    if (exists.length > 0) return name;
    const building = `${name}_build_${crypto.randomBytes(4).toString('hex')}`;
    await query(serverUrl, `create database ${building}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      await migrate({ databaseUrl: url.toString() });
      await query(serverUrl, `alter database ${building} rename to ${name}`);
    } catch (error) {
      await query(serverUrl, `drop database if exists ${building} with (force)`);
      const built = await query(serverUrl, 'select 1 from pg_database where datname = $1', [name]);
      if (built.length === 0) throw error;
    }
    return name;
  })();
  return server;
}

async function migrate(where: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  const { loaded, problems } = prepareModules({ modulePaths: [] });
  if (problems.length > 0) throw new Error(`the built-in modules do not load: ${problems.map((p) => p.message).join('; ')}`);
  const db = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir ?? os.tmpdir(), poolSize: 1 });
  try {
    await runMigrations(db, [...kernelMigrations, ...loaded.flatMap((m) => m.migrations)]);
  } finally {
    await db.close();
  }
}

/** A hash of every file that can change what the migrations do. */
function migrationsKey(): string {
  const hash = crypto.createHash('sha256');
  const files = [
    ...walk(path.join(repoRoot, 'kernel', 'db', 'kernel-migrations')),
    // The kernel's helpers that module migrations call: what they write is part of the result.
    ...['kernel/resources/list-indexes.ts', 'kernel/db/row-changes.ts', 'kernel/db/migrations.ts'].map((file) => path.join(repoRoot, file)),
    ...fs.readdirSync(path.join(repoRoot, 'modules')).flatMap((id) => {
      const dir = path.join(repoRoot, 'modules', id);
      return [path.join(dir, 'manifest.json'), ...walk(path.join(dir, 'migrations'))].filter((f) => fs.existsSync(f));
    }),
  ].sort();
  for (const file of files) hash.update(path.relative(repoRoot, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

async function query(serverUrl: string, sql: string, values: unknown[] = []): Promise<unknown[]> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}
