import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startServerProcess } from '../support/server-process';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

/**
 * A REDIS_URL that parses but where no Redis answers refuses the start, naming the variable and
 * never its password. Needs no Redis: the URL points at a proxy that refuses every connection.
 */
describe('a start whose REDIS_URL does not answer', () => {
  let database: TestDatabase;
  let deadRedis: TcpProxy;

  before(async () => {
    database = await createTestDatabase();
    deadRedis = await startTcpProxy('127.0.0.1', 6379);
    deadRedis.cut();
  });

  after(async () => {
    await deadRedis.close();
    await database.cleanup();
  });

  it('exits non-zero naming REDIS_URL and where it points, without the password', async () => {
    const refusal = await startServerProcess({
      NODE_ENV: 'test',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      DATA_DIR: database.dataDir,
      REDIS_URL: `redis://:hunter2-not-logged@127.0.0.1:${deadRedis.port}/14`,
    }).then(
      (server) => server.stop().then(() => expect.fail('the server started without its Redis')),
      (error: Error) => error.message,
    );
    expect(refusal).to.include('atrium could not start: REDIS_URL: no Redis answers at');
    expect(refusal).to.include(`127.0.0.1:${deadRedis.port}/14`);
    expect(refusal).not.to.include('hunter2');
    expect(refusal).not.to.include('Unhandled error event');
  });
});
