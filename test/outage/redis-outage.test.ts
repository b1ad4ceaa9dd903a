import { expect } from 'chai';
import type { ServerProcess } from '../support/server-process';
import { call, eventually, login, startBehindRedisProxy, type RedisOutageInstances } from './redis-instances';

/**
 * Two server processes whose Redis is cut for real (a TCP proxy drops every connection) and
 * restored: the database is the truth, Redis only an accelerator. Needs PostgreSQL and Redis.
 */
describe('a Redis outage across two server processes', function () {
  let instances: RedisOutageInstances;
  let a: ServerProcess;
  let b: ServerProcess;
  let operator: string;

  before(async function () {
    const started = await startBehindRedisProxy(2);
    if (!started) this.skip();
    instances = started;
    [a, b] = instances.servers;
    operator = (await login(a)).accessToken;
  });

  after(() => instances?.stop());

  afterEach(async () => {
    instances?.restore();
    if (a && b) await Promise.all([a, b].map((server) => eventually(10_000, async () => expect((await ready(server)).status).to.equal(200))));
  });

  const ready = (server: ServerProcess) => call(`${server.url}/api/v1/system/ready`);
  const me = (server: ServerProcess, token: string) => call(`${server.url}/api/v1/me`, { token });
  const greet = (server: ServerProcess) => call(`${server.url}/api/v1/greeter/hello?name=ada`, { token: operator });

  it('answers /ready 503 SYSTEM_UNAVAILABLE_503 naming redis within a second of the cut, and 200 once it is back', async () => {
    const healthy = await ready(a);
    expect(healthy.status).to.equal(200);
    expect(healthy.body.data.dependencies).to.deep.include({ name: 'redis', up: true });
    const cutAt = Date.now();
    instances.cut(a);
    const down = await eventually(1000, async () => {
      const res = await ready(a);
      expect(res.status).to.equal(503);
      return res;
    });
    expect(Date.now() - cutAt).to.be.below(1000);
    expect(down.body.code).to.equal('SYSTEM_UNAVAILABLE_503');
    expect(down.body.details.map((d: { rule: string }) => d.rule)).to.deep.equal(['redis']);
    expect((await call(`${a.url}/api/v1/system/health`)).status).to.equal(200);
    instances.restore();
    await eventually(10_000, async () => expect((await ready(a)).status).to.equal(200));
  });

  it('serves what needs no Redis while it is cut: logins, authenticated reads, rate-limited routes', async () => {
    instances.cut();
    await eventually(1000, async () => expect((await ready(b)).status).to.equal(503));
    const session = await login(b);
    expect(session.status).to.equal(200);
    const res = await me(b, session.accessToken);
    expect(res.status).to.equal(200);
    expect(res.body.data.user.username).to.equal('admin');
    expect((await me(a, session.accessToken)).status).to.equal(200);
  });

  it('refuses on the other instance, while Redis is still cut, a token whose session was logged out during the cut', async () => {
    const { accessToken } = await login(a);
    // Both instances have checked, and cached, the session.
    expect((await me(a, accessToken)).status).to.equal(200);
    expect((await me(b, accessToken)).status).to.equal(200);
    instances.cut();
    await eventually(1000, async () => expect((await ready(b)).status).to.equal(503));
    expect((await call(`${a.url}/api/v1/auth/logout`, { method: 'POST', token: accessToken })).status).to.equal(200);
    const refused = await eventually(3000, async () => {
      const res = await me(b, accessToken);
      expect(res.status).to.equal(401);
      return res;
    });
    expect(refused.body.code).to.equal('AUTH_TOKEN_REVOKED_401');
    expect(
      instances.proxies.every((proxy) => !proxy.open),
      'still cut',
    ).to.equal(true);
    expect((await me(b, operator)).status).to.equal(200);
  });

  // Only the second instance is cut: the first's notice goes out, and the second never hears it.
  it('follows, once its Redis is back, a module disabled on another instance while it was cut off', async () => {
    expect((await greet(b)).status).to.equal(200);
    instances.cut(b);
    await eventually(1000, async () => expect((await ready(b)).status).to.equal(503));
    const disabled = await call(`${a.url}/api/v1/system/modules/greeter/disable`, { method: 'POST', token: operator });
    expect(disabled.status, JSON.stringify(disabled.body)).to.equal(200);
    instances.restore();
    await eventually(10_000, async () => expect((await greet(b)).body.code).to.equal('SYSTEM_NOT_FOUND_404'));
    expect((await call(`${a.url}/api/v1/system/modules/greeter/enable`, { method: 'POST', token: operator })).status).to.equal(200);
    await eventually(5000, async () => expect((await greet(b)).status).to.equal(200));
  });

  // Only the writing instance is cut: the other keeps its cache, and only the resent notice updates it.
  it('answers a write made during the cut 2xx, never 500, and its cache invalidation reaches the other instance after', async () => {
    const key = 'auth.accessToken.ttlSeconds';
    // The other instance reads (and caches) the lifetime at each login.
    expect((await login(b)).expiresIn).to.equal(900);
    const param = (await call(`${a.url}/api/v1/params/by-key/${key}`, { token: operator })).body.data as { id: string; version: number };
    instances.cut(a);
    await eventually(1000, async () => expect((await ready(a)).status).to.equal(503));
    const updated = await call(`${a.url}/api/v1/params/${param.id}`, { method: 'PUT', token: operator, json: { value: '120', version: param.version } });
    expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
    instances.restore();
    await eventually(5000, async () => expect((await login(b)).expiresIn).to.equal(120));
  });

  it('prints no bare "Unhandled error event" on stderr while Redis is cut: client errors go to the JSON log', async () => {
    instances.cut();
    await eventually(1000, async () => expect((await ready(a)).status).to.equal(503));
    // Long enough for several reconnection attempts to fail.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const server of [a, b]) {
      expect(server.stderr()).not.to.include('Unhandled error event');
    }
  });
});
