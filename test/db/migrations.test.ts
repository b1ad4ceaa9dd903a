import { expect } from 'chai';
import { Migration } from '@mikro-orm/migrations';
import { openDatabase, type Database } from '../../kernel/db/database';
import { kernelMigrations } from '../../kernel/db/kernel-migrations';
import { MigrationError } from '../../kernel/db/migration-error';
import { listAppliedMigrations, runMigrations, type ModuleMigration } from '../../kernel/db/migrations';
import { createTestDatabase, type TestDatabase } from '../support/database';

/** A migration of `moduleId` that runs `sql`; its file is where such a module would keep it. */
function migration(moduleId: string, name: string, ...sql: string[]): ModuleMigration {
  class FixtureMigration extends Migration {
    override up(): void {
      for (const statement of sql) this.addSql(statement);
    }
  }
  return { moduleId, name, file: `/srv/atrium/modules/${moduleId}/migrations/${name}.ts`, migration: FixtureMigration };
}

const acmeCreate = migration('acme', '0001-create-items', 'create table acme_items (id int primary key)');
const acmeAddColumn = migration('acme', '0002-add-label', 'alter table acme_items add column label text');
const betaCreate = migration('beta', '0001-create-tags', 'create table beta_tags (id int primary key, item_id int not null references acme_items (id))');

describe('runMigrations', () => {
  let target: TestDatabase;
  let db: Database;

  beforeEach(async () => {
    target = await createTestDatabase({ empty: true });
    db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  });

  afterEach(async () => {
    await db.close();
    await target.cleanup();
  });

  async function tableExists(name: string): Promise<boolean> {
    const [row] = await db.orm.em.fork().getConnection().execute<{ exists: boolean }[]>('select to_regclass(?) is not null as exists', [name]);
    return row.exists;
  }

  async function columnsOf(table: string): Promise<string[]> {
    const rows = await db.orm.em
      .fork()
      .getConnection()
      .execute<{ column_name: string }[]>('select column_name from information_schema.columns where table_name = ? order by ordinal_position', [table]);
    return rows.map((r) => r.column_name);
  }

  it('applies migrations in the given order and records each as <moduleId>:<name>', async () => {
    const result = await runMigrations(db, [acmeCreate, acmeAddColumn, betaCreate]);

    const expected = ['acme:0001-create-items', 'acme:0002-add-label', 'beta:0001-create-tags'];
    expect(result.applied).to.deep.equal(expected);
    expect(await listAppliedMigrations(db)).to.deep.equal(expected);
    expect(await columnsOf('acme_items')).to.deep.equal(['id', 'label']);
    expect(await tableExists('beta_tags')).to.equal(true);
  });

  it('keeps two modules’ migrations of the same name apart', async () => {
    const result = await runMigrations(db, [
      migration('acme', '0001-init', 'create table acme_init (id int)'),
      migration('beta', '0001-init', 'create table beta_init (id int)'),
    ]);
    expect(result.applied).to.deep.equal(['acme:0001-init', 'beta:0001-init']);
  });

  it('applies only the pending ones when run again', async () => {
    expect((await runMigrations(db, [acmeCreate])).applied).to.deep.equal(['acme:0001-create-items']);
    expect((await runMigrations(db, [acmeCreate, acmeAddColumn, betaCreate])).applied).to.deep.equal(['acme:0002-add-label', 'beta:0001-create-tags']);
    expect((await runMigrations(db, [acmeCreate, acmeAddColumn, betaCreate])).applied).to.deep.equal([]);
    expect(await listAppliedMigrations(db)).to.have.length(3);
  });

  it('leaves earlier recorded migrations alone when given only some modules’ list', async () => {
    await runMigrations(db, [acmeCreate, acmeAddColumn]);
    expect((await runMigrations(db, [betaCreate])).applied).to.deep.equal(['beta:0001-create-tags']);
    expect(await listAppliedMigrations(db)).to.deep.equal(['acme:0001-create-items', 'acme:0002-add-label', 'beta:0001-create-tags']);
  });

  it('applies none of a run when one fails, and names the module, the file and the cause', async () => {
    const failing = migration('acme', '0003-rename-missing', 'alter table acme_items rename column x to y');

    const error = await runMigrations(db, [acmeCreate, acmeAddColumn, failing]).then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(error).to.be.instanceOf(MigrationError);
    const migrationError = error as MigrationError;
    expect(migrationError.moduleId).to.equal('acme');
    expect(migrationError.file).to.equal('/srv/atrium/modules/acme/migrations/0003-rename-missing.ts');
    // The cause is the driver's error, statement included.
    expect((migrationError.cause as Error).message).to.equal('alter table acme_items rename column x to y - column "x" does not exist');
    expect(migrationError.message).to.equal(
      'module "acme" migration 0003-rename-missing ' + '(/srv/atrium/modules/acme/migrations/0003-rename-missing.ts) failed: column "x" does not exist',
    );
    expect(await tableExists('acme_items')).to.equal(false);
    expect(await listAppliedMigrations(db)).to.deep.equal([]);
  });

  it('keeps what earlier runs applied when a later run fails', async () => {
    await runMigrations(db, [acmeCreate]);
    const failing = migration('beta', '0001-broken', 'create table beta_broken (id int references nowhere (id))');

    const error = await runMigrations(db, [acmeCreate, acmeAddColumn, failing]).then(
      () => undefined,
      (e: unknown) => e,
    );

    expect((error as MigrationError).moduleId).to.equal('beta');
    expect((error as Error).message).to.contain('relation "nowhere" does not exist');
    expect(await listAppliedMigrations(db)).to.deep.equal(['acme:0001-create-items']);
    expect(await columnsOf('acme_items')).to.deep.equal(['id']);
    // The database is usable after the failed run: fixing the migration and booting again works.
    expect((await runMigrations(db, [acmeCreate, acmeAddColumn, betaCreate])).applied).to.have.length(2);
  });

  it('applies each migration once when two servers migrate the same database at once', async () => {
    const slow = migration('acme', '0001-slow', 'select pg_sleep(0.2)', 'create table acme_slow (id int)');
    // Two instances on one PostgreSQL; the embedded one serves a single process, so there the
    // two runs share one Database.
    const second = db.embedded ? db : await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      const results = await Promise.all([runMigrations(db, [slow, acmeCreate]), runMigrations(second, [slow, acmeCreate])]);
      expect(results.map((r) => r.applied.length).sort()).to.deep.equal([0, 2]);
      expect(await listAppliedMigrations(db)).to.deep.equal(['acme:0001-slow', 'acme:0001-create-items']);
    } finally {
      if (second !== db) await second.close();
    }
  });

  it('refuses a list that names a migration twice', async () => {
    const error = await runMigrations(db, [acmeCreate, acmeCreate]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).message).to.contain('migration acme:0001-create-items is listed twice');
  });

  it('runs whatever tables the database holds: a table whose name holds a double quote stops nothing', async () => {
    await db.orm.em.fork().getConnection().execute('create table "someone\'s ""odd"" table" (id int primary key)');
    expect((await runMigrations(db, [acmeCreate])).applied).to.deep.equal(['acme:0001-create-items']);
    expect((await runMigrations(db, [acmeCreate, acmeAddColumn])).applied).to.deep.equal(['acme:0002-add-label']);
    expect(await columnsOf('atrium_migrations')).to.deep.equal(['id', 'name', 'executed_at']);
  });

  it('lists nothing before the first run', async () => {
    expect(await listAppliedMigrations(db)).to.deep.equal([]);
  });

  it('creates the kernel’s module-state table', async () => {
    expect((await runMigrations(db, kernelMigrations)).applied).to.deep.equal([
      'kernel:0001-module-state',
      'kernel:0002-row-changes',
      'kernel:0003-app-role',
      'kernel:0004-leakproof-search',
    ]);
    expect(await columnsOf('atrium_row_changes')).to.deep.equal(['table_name', 'changes']);
    expect(await columnsOf('atrium_module_state')).to.deep.equal(['id', 'enabled', 'updated_at']);
    const connection = db.orm.em.fork().getConnection();
    await connection.execute(`insert into atrium_module_state (id, enabled) values ('users', true)`);
    const [row] = await connection.execute<{ enabled: boolean; updated_at: string }[]>('select enabled, updated_at from atrium_module_state');
    expect(row.enabled).to.equal(true);
    expect(row.updated_at).to.be.a('string').and.not.be.empty;
  });
});
