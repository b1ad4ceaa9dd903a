import { expect } from 'chai';
import { expectError, expectSuccess } from '../http/helpers';
import { ADMIN_PASSWORD, TEST_PASSWORD, createUserAndLogin, login } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { createTenant } from '../tenants/helpers';

interface Cache {
  name: string;
  entries: number;
  hits: number;
  misses: number;
  hitRatio: number | null;
}

/** The monitor module on one instance: its figures, the named caches and their clear, the metrics, and who may see them. */
describe('monitor: the instance and its caches', () => {
  let server: TestServer;
  let admin: string;
  const get = (path: string, bearer = admin) => server.http().get(`/api/v1${path}`).set('Authorization', bearer);
  const caches = async () => expectSuccess(await get('/monitor/caches')).data as { items: Cache[]; instances: number };
  const cache = async (name: string) => (await caches()).items.find((item) => item.name === name)!;

  before(async () => {
    server = await startTestServer();
    admin = (await login(server, 'admin', ADMIN_PASSWORD)).bearer;
  });
  after(() => server?.stop());

  it('answers this instance as it is now: process, host, event loop, database and its pool, Redis', async () => {
    const { items } = expectSuccess(await get('/monitor/server')).data as { items: Record<string, any>[] };
    const [self] = items;
    expect(self.self).to.equal(true);
    expect(self.pid).to.equal(process.pid);
    expect(self.node).to.equal(process.version);
    expect(self.process.rssBytes).to.be.greaterThan(0);
    expect(self.process.heapUsedBytes).to.be.greaterThan(0);
    expect(self.host.memoryTotalBytes).to.be.greaterThan(self.host.memoryFreeBytes);
    expect(self.host.loadAverage).to.have.length(3);
    expect(self.eventLoop).to.have.keys(['meanMs', 'p99Ms', 'maxMs']);
    expect(self.database.kind).to.equal(process.env.DATABASE_URL ? 'postgresql' : 'embedded');
    const [major] = (await server.sql<{ server_version: string }>('show server_version'))[0].server_version.split('.');
    expect(self.database.version.split('.')[0]).to.equal(major);
    expect(self.database.pool.max).to.be.at.least(1);
    expect(self.redis.configured).to.equal(false);
    expect(self.uptimeSeconds).to.be.at.least(0);
  });

  it('lists each module’s cache with the reads it answered, and its hit ratio', async () => {
    // The access token's session is read through auth's cache: the first request misses, the next ones hit.
    for (let i = 0; i < 3; i++) expectSuccess(await get('/me'));
    const { items, instances } = await caches();
    expect(instances).to.equal(1);
    expect(items.map((item) => item.name)).to.include.members(['auth', 'dictionaries', 'params', 'users']);
    const auth = items.find((item) => item.name === 'auth')!;
    expect(auth.entries).to.be.at.least(1);
    expect(auth.hits).to.be.at.least(2);
    expect(auth.hitRatio).to.equal(Math.round((auth.hits / (auth.hits + auth.misses)) * 1000) / 1000);
  });

  it('clears a cache: its entries are gone, and the next read loads again', async () => {
    expectSuccess(await get('/me'));
    const before = await cache('auth');
    expect(before.entries).to.be.at.least(1);
    expectSuccess(await server.http().delete('/api/v1/monitor/caches/auth').set('Authorization', admin));
    const cleared = await cache('auth');
    // Listing the caches is itself authenticated: its one read after the clear loaded the session anew.
    expect(cleared.entries).to.equal(1);
    expect(cleared.misses).to.equal(before.misses + 1);
  });

  it('answers 404 for a name no module’s cache has', async () => {
    expectError(await server.http().delete('/api/v1/monitor/caches/posts').set('Authorization', admin), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
  });

  it('puts the same figures in the Prometheus metrics', async () => {
    expectSuccess(await get('/me'));
    const res = await server.http().get('/metrics');
    expect(res.status).to.equal(200);
    const text = res.text;
    expect(text).to.match(/^atrium_cache_entries\{cache="auth"\} [1-9]/m);
    expect(text).to.match(/^atrium_cache_reads_total\{cache="auth",result="hit"\} [1-9]/m);
    expect(text).to.match(/^atrium_database_pool_connections\{state="max"\} [1-9]/m);
    expect(text).to.match(/^atrium_database_info\{kind="(embedded|postgresql)",version="\d+/m);
    expect(text).to.match(/^atrium_host_memory_bytes\{state="total"\} [1-9]/m);
    expect(text).to.match(/^atrium_host_cpu_usage_ratio /m);
    // No REDIS_URL: no Redis gauge to mislead.
    expect(text).to.not.match(/^atrium_redis_up/m);
  });

  describe('who may', () => {
    it('lets an administrator who may list the caches list them, but not clear one', async () => {
      const viewer = await createUserAndLogin(server, { permissions: ['monitor:cache:list'] });
      expectSuccess(await get('/monitor/caches', viewer.tokens.bearer));
      expectError(await server.http().delete('/api/v1/monitor/caches/auth').set('Authorization', viewer.tokens.bearer), 403, 'PERM_DENIED_403');
      expectError(await get('/monitor/server', viewer.tokens.bearer), 403, 'PERM_DENIED_403');
    });

    it('refuses a tenant’s administrator: the instances and caches are the platform’s', async () => {
      const tenant = await createTenant(server, admin, 'monitored', TEST_PASSWORD);
      for (const path of ['/monitor/server', '/monitor/caches']) expectError(await get(path, tenant.chief.bearer), 403, 'PERM_DENIED_403');
      expectError(await server.http().delete('/api/v1/monitor/caches/auth').set('Authorization', tenant.chief.bearer), 403, 'PERM_DENIED_403');
    });

    it('refuses an anonymous caller', async () => {
      expectError(await server.http().get('/api/v1/monitor/server'), 401, 'AUTH_TOKEN_MISSING_401');
    });
  });
});
