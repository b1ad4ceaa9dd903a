import { expect } from 'chai';
import { Client } from 'pg';
import { isConnectionFailure } from '../../kernel/db/connection-failure';
import { openDatabase, type Database } from '../../kernel/db/database';
import { createLogger } from '../../kernel/logging/logger';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { freePort } from '../support/free-port';

/** Real errors from a real database and real sockets: which ones mean "unreachable". */
describe('isConnectionFailure', () => {
  let target: TestDatabase;
  let db: Database;
  // knex reports the connection it finds dead: to a logger, not the test's output.
  const logger = createLogger('silent');

  before(async () => {
    target = await createTestDatabase();
    db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, logger });
    await db.orm.em.fork().getConnection().execute('create table probe (id int primary key)');
  });

  after(async () => {
    await db.close();
    await target.cleanup();
  });

  const failureOf = async (sql: string): Promise<unknown> =>
    db.orm.em
      .fork()
      .getConnection()
      .execute(sql)
      .then(
        () => expect.fail(`${sql} succeeded`),
        (error: unknown) => error,
      );

  it('is false for what the database refused: a constraint violation, a syntax error, a missing table', async () => {
    await db.orm.em.fork().getConnection().execute('insert into probe values (1)');
    expect(isConnectionFailure(await failureOf('insert into probe values (1)'))).to.equal(false);
    expect(isConnectionFailure(await failureOf('selec 1'))).to.equal(false);
    expect(isConnectionFailure(await failureOf('select * from no_such_table'))).to.equal(false);
    expect(isConnectionFailure(new Error('boom'))).to.equal(false);
  });

  it('is true for a refused connection, and for one the server ended, also when wrapped', async () => {
    const client = new Client({ host: '127.0.0.1', port: await freePort() });
    const refused = await client.connect().then(
      () => expect.fail('connected'),
      (error: unknown) => error,
    );
    expect(isConnectionFailure(refused)).to.equal(true);
    expect(isConnectionFailure(new Error('the operation failed', { cause: refused }))).to.equal(true);
  });

  it('is true for a query the server ended (57P01 admin_shutdown, a restart or failover), and the pool replaces the connection', async function () {
    // The embedded PostgreSQL has one session for every connection: nothing to end separately.
    if (!target.databaseUrl) this.skip();
    const sleeping = failureOf('select pg_sleep(30)');
    const other = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, logger });
    try {
      const sql = "select pg_terminate_backend(pid) as ended from pg_stat_activity where query = 'select pg_sleep(30)' and pid <> pg_backend_pid()";
      for (let ended = false; !ended;) ended = (await other.orm.em.fork().getConnection().execute<{ ended: boolean }[]>(sql)).length > 0;
    } finally {
      await other.close();
    }
    const ended = await sleeping;
    expect((ended as { code?: string }).code).to.equal('57P01');
    expect(isConnectionFailure(ended)).to.equal(true);
    // The ended connection may go back to the pool before its socket closes, so the next query
    // can still meet it: that one fails as a connection failure too (a 503), and the pool then
    // opens a new connection.
    for (let attempt = 1; ; attempt++) {
      const answer = await db.orm.em
        .fork()
        .getConnection()
        .execute('select 1 as one')
        .catch((error: unknown) => error);
      if (Array.isArray(answer)) break;
      expect(isConnectionFailure(answer), String(answer)).to.equal(true);
      expect(attempt, 'attempts before a new connection answers').to.be.below(3);
    }
  });
});
