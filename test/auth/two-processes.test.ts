import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * Two server PROCESSES on one PostgreSQL, sharing Redis: a forced logout on one is refused by the
 * other on the very next request. Needs a PostgreSQL server and Redis (CI's second pass).
 */
describe('auth: a forced logout across two server processes', function () {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  let database: TestDatabase;
  const servers: ServerProcess[] = [];

  before(async function () {
    if (!databaseUrl || !redisUrl) this.skip();
    database = await createTestDatabase();
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.databaseUrl,
      DATA_DIR: database.dataDir,
      REDIS_URL: redisUrl,
      JWT_SECRET: 'a-secret-both-processes-share-0123456789',
      ADMIN_PASSWORD: 'two-processes-admin-1',
    };
    // One after the other: the first applies the migrations and seeds the administrator.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
  });

  after(async () => {
    for (const server of servers) expect(await server.stop(), server.stderr()).to.equal(0);
    await database?.cleanup();
  });

  const login = async (server: ServerProcess) => {
    const res = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'two-processes-admin-1' }),
    });
    expect(res.status).to.equal(200);
    return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
  };
  const me = (server: ServerProcess, token: string) => fetch(`${server.url}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });

  it('answers 401 AUTH_TOKEN_REVOKED_401 on the second process right after the first forces the session out', async () => {
    const [first, second] = servers;
    const victim = await login(first);
    const operator = await login(first);
    // The second process has now checked, and cached, the victim's session.
    expect((await me(second, victim)).status).to.equal(200);
    const sid = (jwt.decode(victim) as jwt.JwtPayload).sid as string;
    const forced = await fetch(`${first.url}/api/v1/system/sessions/${sid}`, { method: 'DELETE', headers: { Authorization: `Bearer ${operator}` } });
    expect(forced.status).to.equal(200);
    const refused = await me(second, victim);
    expect(refused.status).to.equal(401);
    expect(((await refused.json()) as { code: string }).code).to.equal('AUTH_TOKEN_REVOKED_401');
    expect((await me(second, operator)).status).to.equal(200);
  });
});
