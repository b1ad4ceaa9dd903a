import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { startTcpProxyTo, throughProxy, type TcpProxy } from '../support/tcp-proxy';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { code: string; data?: any };
}

/**
 * The server as its own process on PostgreSQL through a TCP proxy the test cuts: every
 * connection the pool (and pg-boss, on the same pool) holds is destroyed and new ones are
 * refused, as when the database host goes away. Needs a PostgreSQL server (DATABASE_URL).
 */
describe('a lost database connection', function () {
  let database: TestDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let server: ServerProcess | undefined;
  let token = '';

  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${server!.url}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Answer['body'] };
  }

  async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  }

  before(async function () {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) this.skip();
    database = await createTestDatabase();
    proxy = await startTcpProxyTo(serverUrl!, 5432);
    server = await startServerProcess({ NODE_ENV: 'test', DATABASE_URL: throughProxy(database.databaseUrl!, proxy), DATA_DIR: database.dataDir });
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin-local-only' }),
    });
    token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  });

  after(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.cleanup();
  });

  it('answers 503 SYSTEM_DEPENDENCY_UNAVAILABLE_503 with Retry-After while cut, and serves again once the database returns, without a restart', async () => {
    expect((await call('GET', '/users')).status).to.equal(200);

    proxy!.cut();
    for (const answer of [
      await call('GET', '/users'),
      await call('POST', '/roles', { code: 'during_outage', name: 'During', permissions: [] }),
      await call('GET', '/users'),
    ]) {
      expect(answer.status, JSON.stringify(answer.body)).to.equal(503);
      expect(answer.body.code).to.equal('SYSTEM_DEPENDENCY_UNAVAILABLE_503');
      expect(Number(answer.retryAfter)).to.be.greaterThan(0);
    }
    // Long enough for pg-boss's polling and the pool's idle connections to hit the cut too.
    await sleep(3000);
    proxy!.restore();

    await eventually('the users list to answer 200 again', async () => (await call('GET', '/users')).status === 200);
    const created = await call('POST', '/roles', { code: 'after_outage', name: 'After', permissions: [] });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
  });

  it('keeps the process alive through the cut, with every client error in the JSON logs, and pg-boss runs tasks again', async () => {
    proxy!.cut();
    await sleep(3000);
    proxy!.restore();
    await eventually('the database to answer again', async () => (await call('GET', '/users')).status === 200);

    const submitted = await call('POST', '/tasks', { idempotencyKey: `after-outage-${Date.now()}`, type: 'system.echo', payload: { back: true } });
    expect(submitted.status, JSON.stringify(submitted.body)).to.equal(201);
    const id = submitted.body.data.id as string;
    await eventually('the task submitted after the outage to succeed', async () => (await call('GET', `/tasks/${id}`)).body.data?.state === 'succeeded');

    // Log lines are JSON on stdout; anything else there, or on stderr, escaped the logger.
    const lines = server!.stdout().split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.to.throw();
    expect(
      lines.some((line) => line.includes('Connection terminated')),
      'the cut is logged',
    ).to.equal(true);
    expect(server!.stderr()).to.equal('');
  });
});
