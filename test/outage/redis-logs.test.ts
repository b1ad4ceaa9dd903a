import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server';
import { startTcpProxyTo, throughProxy, type TcpProxy } from '../support/tcp-proxy';

/**
 * What an operator reads during a Redis outage: JSON lines, one per event that matters, not one
 * per reconnection attempt. Needs REDIS_URL.
 */
describe('the log of a Redis outage', () => {
  let redis: TcpProxy;
  let server: TestServer;

  before(async function () {
    const redisUrl = process.env.REDIS_URL;
    if (!redisUrl) this.skip();
    redis = await startTcpProxyTo(redisUrl, 6379);
    server = await startTestServer({ env: { NODE_ENV: 'test', REDIS_URL: throughProxy(redisUrl, redis) }, captureLogs: true });
  });

  after(async () => {
    redis?.restore();
    await server?.stop();
    await redis?.close();
  });

  const ready = async () => (await server.http().get('/api/v1/system/ready')).status;
  const lines = (msg: string) => server.logs.filter((line) => line.msg === msg);

  it("logs the outage once, each connection's error once, however many reconnections fail; and the return once", async () => {
    redis.cut();
    await until(async () => (await ready()) === 503);
    // Several reconnection attempts (one at least every second) and half-open trials fail meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(lines('redis is unreachable: going on without it')).to.have.length(1);
    const failures = lines('redis connection failed; reconnecting');
    expect(failures.map((line) => line.connection).sort()).to.deep.equal(['command', 'subscriber']);
    expect(failures.every((line) => line.dependency === 'redis' && typeof (line.err as { message?: string })?.message === 'string')).to.equal(true);
    redis.restore();
    await until(async () => (await ready()) === 200);
    expect(lines('redis is back: resyncing from the database')).to.have.length(1);
  });
});

async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
