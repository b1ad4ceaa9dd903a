import { expect } from 'chai';
import { defineEntity } from '@mikro-orm/core';
import { Client } from 'pg';
import { openDatabase, type Database } from '../../kernel/db/database';
import { createTestDatabase, type TestDatabase } from '../support/database';

const Note = defineEntity({
  name: 'Note',
  tableName: 'test_note',
  properties: (p) => ({
    id: p.integer().primary(),
    title: p.text(),
  }),
});

describe('openDatabase', () => {
  let target: TestDatabase;
  let db: Database | undefined;

  const open = async () => (db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir }));

  beforeEach(async () => {
    target = await createTestDatabase();
  });

  afterEach(async () => {
    await db?.close();
    db = undefined;
    await target.cleanup();
  });

  it('opens the database the run targets and answers a query', async () => {
    const opened = await open();
    expect(opened.embedded).to.equal(target.databaseUrl === undefined);
    expect(opened.url).to.match(/^postgres(ql)?:\/\//);
    const rows = await opened.orm.em.fork().getConnection().execute<{ answer: number }[]>('select 6 * 7 as answer');
    expect(rows).to.deep.equal([{ answer: 42 }]);
  });

  it('completes 50 concurrent ORM queries', async () => {
    const opened = await open();
    const connection = opened.orm.em.fork().getConnection();
    await connection.execute('create table test_counter (n int primary key)');
    await connection.execute('insert into test_counter select generate_series(1, 50)');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        opened.orm.em
          .fork()
          .getConnection()
          .execute<{ n: number }[]>('select n from test_counter where n = ?', [i + 1]),
      ),
    );
    expect(results.map((rows) => rows[0].n)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('never shows a transaction’s uncommitted rows to another connection', async () => {
    const opened = await open();
    await opened.orm.em.fork().getConnection().execute('create table test_tx (id int primary key)');
    const other = new Client({ connectionString: opened.url });
    await other.connect();
    try {
      let otherRead: Promise<number> | undefined;
      const rolledBack = opened.orm.em.fork().transactional(async (em) => {
        await em.getConnection().execute('insert into test_tx values (1), (2)', [], 'run', em.getTransactionContext());
        // Read on another connection while the rows are uncommitted. PostgreSQL answers from
        // before the transaction; the embedded one serialises it after the transaction.
        otherRead = other.query<{ count: string }>('select count(*) from test_tx').then((r) => Number(r.rows[0].count));
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      });
      const failure = await rolledBack.then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failure?.message).to.equal('roll back');
      expect(await otherRead).to.equal(0);
      expect(Number((await other.query<{ count: string }>('select count(*) from test_tx')).rows[0].count)).to.equal(0);
    } finally {
      await other.end();
    }
  });

  it('keeps committed rows across close and reopen', async () => {
    const first = await open();
    await first.orm.em.fork().transactional(async (em) => {
      const ctx = em.getTransactionContext();
      await em.getConnection().execute('create table test_kept (id int primary key)', [], 'run', ctx);
      await em.getConnection().execute('insert into test_kept values (1), (2), (3)', [], 'run', ctx);
    });
    await first.close();

    const second = await open();
    const rows = await second.orm.em.fork().getConnection().execute<{ id: number }[]>('select id from test_kept order by id');
    expect(rows.map((r) => r.id)).to.deep.equal([1, 2, 3]);
  });

  it('maps entities added after boot', async () => {
    const opened = await open();
    await opened.orm.em.fork().getConnection().execute('create table test_note (id int primary key, title text not null)');
    opened.addEntities([Note]);

    const em = opened.orm.em.fork();
    em.create(Note, { id: 1, title: 'added live' });
    await em.flush();

    const found = await opened.orm.em.fork().findOneOrFail(Note, 1);
    expect(found.title).to.equal('added live');
  });

  it('remaps an entity added again (a module reloaded live)', async () => {
    const opened = await open();
    await opened.orm.em.fork().getConnection().execute('create table test_note (id int primary key, title text not null, body text)');
    opened.addEntities([Note]);
    const NoteWithBody = defineEntity({
      name: 'Note',
      tableName: 'test_note',
      properties: (p) => ({ id: p.integer().primary(), title: p.text(), body: p.text().nullable() }),
    });
    opened.addEntities([NoteWithBody]);

    const em = opened.orm.em.fork();
    em.create(NoteWithBody, { id: 1, title: 't', body: 'b' });
    await em.flush();
    expect((await opened.orm.em.fork().findOneOrFail(NoteWithBody, 1)).body).to.equal('b');
  });

  it('closes twice without failing', async () => {
    const opened = await open();
    await opened.close();
    await opened.close();
  });
});
