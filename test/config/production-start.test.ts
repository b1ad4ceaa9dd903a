import crypto from 'node:crypto';
import { expect } from 'chai';
import { openDatabase } from '../../kernel/db/database';
import { hashPassword } from '../../modules/users/passwords';
import { expectSuccess } from '../http/helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { login } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';

const randomSecret = () => crypto.randomBytes(48).toString('base64');

describe('config: a production start', () => {
  const databases: TestDatabase[] = [];
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
    for (const database of databases.splice(0)) await database.cleanup();
  });
  const freshDatabase = async (options: { empty?: boolean } = {}) => {
    const database = await createTestDatabase(options);
    databases.push(database);
    return database;
  };
  const start = async (env: NodeJS.ProcessEnv, database: TestDatabase) => {
    const server = await startTestServer({ env, database });
    servers.push(server);
    return server;
  };
  const stopAll = async () => {
    for (const server of servers.splice(0)) await server.stop();
  };
  const refusal = (env: NodeJS.ProcessEnv, database: TestDatabase): Promise<Error> =>
    start(env, database).then(
      () => expect.fail('the server started'),
      (error: Error) => error,
    );
  const production = () => ({ NODE_ENV: 'production', JWT_SECRET: randomSecret(), ADMIN_PASSWORD: randomSecret() });

  it('reports every configuration problem in one message, and migrates nothing', async () => {
    const database = await freshDatabase({ empty: true });
    const error = await refusal({ NODE_ENV: 'prod', LOG_LEVEL: 'loud', JWT_SECRET: 'x'.repeat(48), ADMIN_PASSWORD: 'ChangeMe' }, database);
    expect(error.name).to.equal('ConfigError');
    const lines = error.message.split('\n');
    expect(lines[0]).to.equal('invalid configuration:');
    expect(lines.slice(1).map((l) => l.trim().replace(/ .*/, ''))).to.have.members(['NODE_ENV="prod"', 'LOG_LEVEL', 'auth:', 'users:']);
    expect(error.message).to.include('NODE_ENV="prod" is not one of development, test, production');
    expect(error.message).to.include('auth: JWT_SECRET is guessable');
    expect(error.message).to.include('users: ADMIN_PASSWORD is a well-known password');
    const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      const tables = await db.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ n: string }>>("select count(*)::int as n from information_schema.tables where table_schema = 'public'");
      expect(Number(tables[0].n)).to.equal(0);
    } finally {
      await db.close();
    }
  });

  it("holds NODE_ENV=PRODUCTION to production's rules", async () => {
    const error = await refusal({ NODE_ENV: 'PRODUCTION', ADMIN_PASSWORD: randomSecret() }, await freshDatabase());
    expect(error.message).to.include('auth: JWT_SECRET is not set');
  });

  it('refuses ADMIN_PASSWORD from the well-known list in production, in any letter case', async () => {
    for (const password of ['admin-local-only', 'Admin123', 'changeme']) {
      const error = await refusal({ ...production(), ADMIN_PASSWORD: password }, await freshDatabase());
      expect(error.message, password).to.include('users: ADMIN_PASSWORD is a well-known password');
      expect(error.message, 'the message never repeats the password').not.to.include(password);
    }
  });

  it('refuses while the stored administrator has the local default, on a database first started locally', async () => {
    const database = await freshDatabase();
    await start({ NODE_ENV: 'test' }, database);
    await stopAll();
    const error = await refusal(production(), database);
    expect(error.message).to.match(/users .*start\(\) failed: the administrator "admin" still has a well-known password/);
    expect(error.message).to.include('PUT /api/v1/me/password');
  });

  it('refuses while the stored administrator has another well-known password, and starts once it is changed', async () => {
    const database = await freshDatabase();
    await start({ NODE_ENV: 'test', ADMIN_PASSWORD: 'password123' }, database);
    await stopAll();
    expect((await refusal(production(), database)).message).to.include('still has a well-known password');

    const local = await start({ NODE_ENV: 'test' }, database);
    const tokens = await login(local, 'admin', 'password123');
    const chosen = randomSecret();
    expectSuccess(await local.http().put('/api/v1/me/password').set('Authorization', tokens.bearer).send({ oldPassword: 'password123', newPassword: chosen }));
    await stopAll();
    const live = await start(production(), database);
    await login(live, 'admin', chosen);
  });

  it('checks the stored administrator once per hash: a hash found clean is remembered, and a changed one is checked again', async () => {
    const database = await freshDatabase();
    const first = await start(production(), database);
    const execute = (sql: string, params: unknown[] = []) => first.sql(sql, params);
    const [{ password_hash: clean }] = await execute("select password_hash from users_user where username = 'admin'");
    const remembered = await execute('select digest from users_admin_password_checked');
    expect(remembered).to.have.length(1);
    // Behind the API's back (the API refuses well-known passwords): a hash of a listed password.
    await execute("update users_user set password_hash = ? where username = 'admin'", [await hashPassword('admin123')]);
    await stopAll();
    expect((await refusal(production(), database)).message).to.include('still has a well-known password');

    const local = await start({ NODE_ENV: 'test' }, database);
    await local.sql("update users_user set password_hash = ? where username = 'admin'", [clean]);
    await stopAll();
    const again = await start(production(), database);
    const digests = await again.sql('select digest from users_admin_password_checked');
    expect(digests).to.deep.equal(remembered);
  });
});
