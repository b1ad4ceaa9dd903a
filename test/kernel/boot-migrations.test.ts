import path from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../../kernel/db/database';
import { MigrationError } from '../../kernel/db/migration-error';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { ADMIN, startTestServer } from '../support/server';
import { ModuleFolders, migration } from './support/module-folder';

/**
 * A third-party module (on MODULE_PATH) whose second migration fails: the boot stops, and the
 * database holds nothing of that run — not even the first migration, which succeeded on its own.
 */
describe('module migrations at boot', () => {
  let folders: ModuleFolders;
  let database: TestDatabase;
  let dir: string;
  const create = migration('create table ledger_entries (id int primary key, amount int not null)');

  before(async () => {
    folders = new ModuleFolders();
    database = await createTestDatabase({ empty: true });
  });
  after(async () => {
    folders.remove();
    await database.cleanup();
  });

  /** `parent`: a fresh folder for each version, as code once required stays in this process. */
  function writeLedger(second: string, parent: string): void {
    dir = folders.write(
      'ledger',
      {
        manifest: { capabilities: ['db'], migrations: ['0001-create-entries', '0002-add-note'] },
        files: { 'migrations/0001-create-entries.ts': create, 'migrations/0002-add-note.ts': second },
      },
      parent,
    );
  }

  async function query<T>(sql: string): Promise<T[]> {
    const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      return await db.orm.em.fork().getConnection().execute<T[]>(sql);
    } finally {
      await db.close();
    }
  }

  it('stops the boot naming the module, the migration file and the SQL cause', async () => {
    writeLedger(migration('alter table ledger_entrys add column note text'), 'broken');
    const error = await startTestServer({ modulePaths: [dir], database }).then(
      async (server) => {
        await server.stop();
        throw new Error('the kernel booted with a failing migration');
      },
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(MigrationError);
    const message = (error as MigrationError).message;
    expect(message).to.include('module "ledger"');
    expect(message).to.include(path.join(dir, 'migrations', '0002-add-note.ts'));
    expect(message).to.include('relation "ledger_entrys" does not exist');
  });

  it('leaves nothing of the failed run in the database: not the earlier migration’s table, not a record', async () => {
    const [{ table }] = await query<{ table: string | null }>(`select to_regclass('public.ledger_entries')::text as table`);
    expect(table).to.equal(null);
    // The whole run is one transaction: the kernel's own first migration went with it, so the
    // record table is empty if it exists at all.
    const [{ recorded }] = await query<{ recorded: string | null }>(`select to_regclass('public.atrium_migrations')::text as recorded`);
    if (recorded !== null) expect(await query(`select name from atrium_migrations`)).to.deep.equal([]);
  });

  it('boots once the failing migration is fixed, applying every migration of the module', async () => {
    writeLedger(migration('alter table ledger_entries add column note text'), 'fixed');
    const server = await startTestServer({ modulePaths: [dir], database });
    try {
      const res = await server.http().get('/api/v1/system/modules/ledger').set('Authorization', ADMIN);
      expect(res.status).to.equal(200);
      expect(res.body.data.migrationsApplied).to.deep.equal(['0001-create-entries', '0002-add-note']);
    } finally {
      await server.stop();
    }
    const columns = await query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'ledger_entries' order by ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).to.deep.equal(['id', 'amount', 'note']);
  });
});
