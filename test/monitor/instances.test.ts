import { expect } from 'chai';
import { expectSuccess } from '../http/helpers';
import { startInstances, type Instances } from '../support/instances';
import { fixture, tokenFor, type TestServer } from '../support/server';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { ADMIN_PASSWORD, login } from '../support/identity';

const MONITOR = tokenFor('monitor', ['monitor:server:query', 'monitor:cache:list', 'monitor:cache:remove']);
const REPORT_SECONDS = 1;

interface Instance {
  instanceId: string;
  self: boolean;
  pid: number;
  redis: { configured: boolean; up: boolean; circuit: string | null };
}

const serverState = async (server: { url: string }) => {
  const res = await fetch(`${server.url}/api/v1/monitor/server`, { headers: { Authorization: MONITOR } });
  expect(res.status).to.equal(200);
  return ((await res.json()) as { data: { items: Instance[] } }).data.items;
};
const selfId = async (server: { url: string }) => (await serverState(server))[0].instanceId;
const metrics = async (server: { url: string }) => (await fetch(`${server.url}/metrics`)).text();

/** Polls until `check` holds, at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Several instances on one PostgreSQL database sharing Redis: each lists all of them, a cache
 * cleared on one is cleared on every one, and an instance killed with SIGKILL drops out after its
 * missed reports. PostgreSQL and Redis only (the embedded database belongs to one process).
 */
describe('monitor: several instances', function () {
  this.timeout(120_000);
  let instances: Instances;
  let first: TestServer;
  let second: TestServer;

  before(async function () {
    const started = await startInstances({ env: { MONITOR_REPORT_SECONDS: String(REPORT_SECONDS) } });
    if (!started) return this.skip();
    instances = started;
    ({ first, second } = started);
  });
  after(() => instances?.stop());

  it('lists every instance on each of them, itself first, with Redis up', async () => {
    const [firstId, secondId] = [await selfId(first), await selfId(second)];
    expect(firstId).to.not.equal(secondId);
    await eventually(async () => (await serverState(first)).length === 2, 5000);
    const seenByFirst = await serverState(first);
    expect(seenByFirst.map(({ instanceId, self }) => ({ instanceId, self }))).to.deep.equal([
      { instanceId: firstId, self: true },
      { instanceId: secondId, self: false },
    ]);
    expect(seenByFirst[0].redis).to.deep.equal({ configured: true, up: true, circuit: 'closed' });
    expect(await metrics(first)).to.match(/^atrium_redis_up 1$/m);
  });

  it('clears a cache on every instance', async () => {
    const admin = (await login(second, 'admin', ADMIN_PASSWORD)).bearer;
    expectSuccess(await second.http().get('/api/v1/me').set('Authorization', admin));
    expect(await metrics(second)).to.match(/^atrium_cache_entries\{cache="auth"\} [1-9]/m);
    expectSuccess(await first.http().delete('/api/v1/monitor/caches/auth').set('Authorization', MONITOR));
    await eventually(async () => /^atrium_cache_entries\{cache="auth"\} 0$/m.test(await metrics(second)), 5000);
  });

  it('sums the caches over the instances', async () => {
    await eventually(async () => {
      const res = expectSuccess(await first.http().get('/api/v1/monitor/caches').set('Authorization', MONITOR));
      return (res.data as { instances: number }).instances === 2;
    }, 5000);
  });

  describe('an instance that goes away', () => {
    let extra: ServerProcess | undefined;
    afterEach(() => extra?.kill());

    const startExtra = () =>
      startServerProcess({
        NODE_ENV: 'test',
        MODULE_PATH: fixture('test-auth'),
        DATABASE_URL: first.database.databaseUrl,
        REDIS_URL: process.env.REDIS_URL,
        MONITOR_REPORT_SECONDS: String(REPORT_SECONDS),
        // One assets folder, or the readiness says the instances do not share their uploads.
        DATA_DIR: first.dataDir,
      });
    const listsPid = async (pid: number) => (await serverState(first)).some((instance) => instance.pid === pid);

    it('drops out at once when it stops', async () => {
      extra = await startExtra();
      const { pid } = extra;
      await eventually(() => listsPid(pid), 5000);
      expect(await extra.stop()).to.equal(0);
      expect(await listsPid(pid)).to.equal(false);
    });

    it('drops out after three missed reports when it is killed', async () => {
      extra = await startExtra();
      const { pid } = extra;
      await eventually(() => listsPid(pid), 5000);
      expect(await extra.kill()).to.equal('SIGKILL');
      // Still listed right after: its last report is younger than three intervals.
      const killedAt = Date.now();
      await eventually(async () => !(await listsPid(pid)), 3 * REPORT_SECONDS * 1000 + 3000);
      expect(Date.now() - killedAt).to.be.at.least(REPORT_SECONDS * 1000);
    });
  });
});
