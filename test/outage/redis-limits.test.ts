import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server';
import { startTcpProxyTo, throughProxy, type TcpProxy } from '../support/tcp-proxy';

/**
 * Limits while Redis is cut: counted by the instance alone, never dropped and never an error.
 * Needs REDIS_URL.
 */
describe('rate and login limits while Redis is cut', () => {
  let redis: TcpProxy;
  let server: TestServer;

  before(async function () {
    const redisUrl = process.env.REDIS_URL;
    if (!redisUrl) this.skip();
    redis = await startTcpProxyTo(redisUrl, 6379);
    server = await startTestServer({
      env: { NODE_ENV: 'test', REDIS_URL: throughProxy(redisUrl, redis) },
      config: { rateLimit: { points: 8, windowSeconds: 60 }, trustedProxies: ['127.0.0.1'] },
    });
    redis.cut();
    await until(async () => (await server.http().get('/api/v1/system/ready')).status === 503);
  });

  after(async () => {
    redis?.restore();
    await server?.stop();
    await redis?.close();
  });

  it('counts requests on the instance: the 9th from one address in the window answers 429 SYSTEM_RATE_LIMITED_429', async () => {
    const from = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await server.http().get('/api/v1/system/error-codes').set('X-Forwarded-For', from)).status);
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });

  it('counts failed logins on the instance: past auth.login.maxFailures even the right password answers 429', async () => {
    const from = '203.0.113.10';
    const attempt = (password: string) => server.http().post('/api/v1/auth/login').set('X-Forwarded-For', from).send({ username: 'admin', password });
    for (let i = 0; i < 5; i += 1) expect((await attempt('not-the-password')).body.code).to.equal('AUTH_INVALID_CREDENTIALS_401');
    const refused = await attempt('admin-local-only');
    expect(refused.status).to.equal(429);
    expect(refused.body.code).to.equal('AUTH_TOO_MANY_ATTEMPTS_429');
  });
});

async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
