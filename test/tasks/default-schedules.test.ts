import { expect } from 'chai';
import { eventually } from '../http/helpers';
import { startInstances } from '../support/instances';
import { ADMIN, fixture, startTestServer, type TestServer } from '../support/server';

/**
 * The schedules task types come with (`TaskHandler.defaultSchedule`): the purges and the assets
 * cleanup are scheduled without an operator's first step, made once ever, and what an operator
 * then does to them (a delete, a disable) survives a restart. Real servers, real database.
 */
interface Schedule {
  id: string;
  name: string;
  type: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  nextFireAt: string | null;
  version: number;
}

const DECLARED = {
  'auth.purge': '0 * * * *',
  'sso.purge': '15 * * * *',
  'audit.purge': '0 3 * * *',
  'assets.cleanup': '30 3 * * *',
} as const;

async function schedulesOf(server: TestServer, type: string): Promise<Schedule[]> {
  const res = await server.http().get('/api/v1/tasks/schedules').query({ type, pageSize: 50 }).set('Authorization', ADMIN);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data.items as Schedule[];
}

/** Every declared type's schedules, once each has at least one. */
function madeSchedules(server: TestServer): Promise<Record<string, Schedule[]>> {
  return eventually(async () => {
    const found: Record<string, Schedule[]> = {};
    for (const type of Object.keys(DECLARED)) {
      found[type] = await schedulesOf(server, type);
      if (found[type].length === 0) return undefined;
    }
    return found;
  }, 10_000);
}

/** Waits a few of the scheduler's ticks: time enough for it to have made anything it would make. */
const someTicks = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('tasks: the default schedules task types come with', () => {
  it('are made at boot, enabled, with their cron, their tasks owned by the declaring module', async () => {
    const server = await startTestServer();
    try {
      const made = await madeSchedules(server);
      for (const [type, cron] of Object.entries(DECLARED)) {
        expect(made[type], type).to.have.length(1);
        expect(made[type][0]).to.include({ type, cron, timezone: 'UTC', enabled: true });
        expect(Date.parse(made[type][0].nextFireAt!)).to.be.above(Date.now() - 1000);
      }
      const [row] = await server.sql<{ created_by: string }>("select created_by from task_schedules where type = 'auth.purge'");
      expect(row.created_by).to.equal('module:auth');
    } finally {
      await server.stop();
    }
  });

  it('stay as an operator left them across a restart: a deleted one is not made again, a disabled one stays disabled', async () => {
    const first = await startTestServer();
    let second: TestServer | undefined;
    try {
      const made = await madeSchedules(first);
      const deleted = made['auth.purge'][0];
      const disabled = made['audit.purge'][0];
      const del = await first.http().delete(`/api/v1/tasks/schedules/${deleted.id}`).query({ version: deleted.version }).set('Authorization', ADMIN);
      expect(del.status, JSON.stringify(del.body)).to.equal(200);
      const put = await first
        .http()
        .put(`/api/v1/tasks/schedules/${disabled.id}`)
        .set('Authorization', ADMIN)
        .send({ enabled: false, version: disabled.version });
      expect(put.status, JSON.stringify(put.body)).to.equal(200);
      await first.kernel.stop();

      second = await startTestServer({ database: first.database });
      await someTicks();
      expect(await schedulesOf(second, 'auth.purge')).to.deep.equal([]);
      const audit = await schedulesOf(second, 'audit.purge');
      expect(audit.map((s) => [s.id, s.enabled])).to.deep.equal([[disabled.id, false]]);
      expect(await schedulesOf(second, 'sso.purge')).to.have.length(1);
    } finally {
      await second?.kernel.stop();
      await first.database.cleanup();
    }
  });

  it('are not planned again once made: a restarted server reads which were, and leaves their declarations alone', async () => {
    const refused = (server: TestServer) => server.logs.filter((line) => line.msg === 'a default schedule cannot be made from its declaration: it is ignored');
    const options = { modulePaths: [fixture('schedule-probe')], captureLogs: true };
    const first = await startTestServer(options);
    let second: TestServer | undefined;
    try {
      await madeSchedules(first);
      // The probe's time zone does not exist: planning it is refused, and nothing is made.
      expect(refused(first).map((line) => line.type)).to.deep.equal(['schedule-probe.nightly']);
      expect(await schedulesOf(first, 'schedule-probe.nightly')).to.deep.equal([]);
      // As if made at an earlier start, before its declaration changed.
      await first.sql("insert into task_default_schedules (type, module_id) values ('schedule-probe.nightly', 'schedule-probe')");
      await first.kernel.stop();

      second = await startTestServer({ ...options, database: first.database });
      await someTicks();
      expect(refused(second)).to.deep.equal([]);
      expect(await schedulesOf(second, 'schedule-probe.nightly')).to.deep.equal([]);
    } finally {
      await second?.kernel.stop();
      await first.database.cleanup();
    }
  });

  it('are made once when two instances start on one database together', async function () {
    const instances = await startInstances({ link: 'database' });
    if (!instances) return this.skip();
    try {
      await madeSchedules(instances.first);
      await someTicks();
      for (const type of Object.keys(DECLARED)) expect(await schedulesOf(instances.second, type), type).to.have.length(1);
      const claims = await instances.first.sql<{ type: string }>('select type from task_default_schedules order by type');
      expect(claims.map((c) => c.type)).to.deep.equal(Object.keys(DECLARED).sort());
    } finally {
      await instances.stop();
    }
  });
});
