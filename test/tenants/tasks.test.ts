import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { DEFAULT_TENANT_ID } from '../../kernel/api';
import { eventually, expectError, expectSuccess } from '../http/helpers';
import { adminLogin, type Tokens } from '../support/identity';
import { fixture, startTestServer, type TestServer } from '../support/server';
import { createTenant, type CreatedTenant } from './helpers';

const PASSWORD = 'tenant-tasks-passphrase-1';

interface Task {
  id: string;
  state: string;
  version: number;
  attempts: number;
  result: unknown;
  progress: { percent: number } | null;
  scheduleId: string | null;
}

/**
 * Tasks and schedules are each tenant's: a task runs in the tenant that submitted it (its
 * handler, heartbeat and records), a schedule fires in its own tenant, the timers that reap and
 * fire reach every tenant, the platform's task types stay the platform's, and a deleted tenant
 * leaves no job behind. The fixture's handlers record, with SQL naming no tenant, where they ran.
 */
describe('tenants: tasks and schedules', () => {
  let server: TestServer;
  let platform: Tokens;
  let a: CreatedTenant;
  let b: CreatedTenant;
  before(async () => {
    server = await startTestServer({
      modulePaths: [fixture('tenant-task-probe')],
      env: { NODE_ENV: 'test', TASKS_LEASE_MS: '3000', TASKS_SCHEDULER_INTERVAL_MS: '100', TASKS_CONCURRENCY: '1' },
      captureLogs: true,
    });
    platform = await adminLogin(server);
    a = await createTenant(server, platform.bearer, 'tasks-a', PASSWORD);
    b = await createTenant(server, platform.bearer, 'tasks-b', PASSWORD);
  });
  after(() => server?.stop());

  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, bearer: string) =>
    server.http()[method](`/api/v1${path}`).set('Authorization', bearer);
  const submit = (bearer: string, body: Record<string, unknown>) => call('post', '/tasks', bearer).send({ idempotencyKey: randomUUID(), ...body });
  const submitted = async (bearer: string, body: Record<string, unknown>) => expectSuccess(await submit(bearer, body), 201).data as Task;
  const read = async (id: string, bearer: string) => expectSuccess(await call('get', `/tasks/${id}`, bearer)).data as Task;
  const finished = (id: string, bearer: string) =>
    eventually(async () => {
      const task = await read(id, bearer);
      return ['succeeded', 'failed'].includes(task.state) ? task : undefined;
    }, 15_000);
  /** Where the probe's handler ran for a task: the row's tenant (the database's say) and the one it saw. */
  const runsOf = (taskId: string) =>
    server.sql<{ tenant_id: string; seen_tenant: string | null }>('select tenant_id, seen_tenant from tenant_task_probe_run where task_id = ?', [taskId]);

  it("runs a tenant's task in that tenant: its handler, its heartbeat, its attempts and its job", async () => {
    const task = await submitted(a.chief.bearer, { type: 'tenant-probe.record' });
    const done = await finished(task.id, a.chief.bearer);
    expect(done).to.deep.include({ state: 'succeeded', attempts: 1, result: { seenTenant: a.id } });
    expect(await runsOf(task.id)).to.deep.equal([{ tenant_id: a.id, seen_tenant: a.id }]);
    expect(
      await server.sql('select tenant_id from tasks where id = ? union all select tenant_id from task_attempts where task_id = ?', [task.id, task.id]),
    ).to.deep.equal([{ tenant_id: a.id }, { tenant_id: a.id }]);
    const [job] = await server.sql<{ data: unknown }>('select data from tasks_pgboss.job where data->>? = ?', ['taskId', task.id]);
    expect(job.data).to.deep.equal({ taskId: task.id, tenantId: a.id });

    // Heartbeats every second of a 2.5 s run: one that reached no row would abort the handler as lost.
    const sleeper = await submitted(a.chief.bearer, { type: 'system.sleep', payload: { ms: 2500 } });
    expect(await finished(sleeper.id, a.chief.bearer)).to.deep.include({ state: 'succeeded', attempts: 1, progress: { percent: 100, message: 'sleeping' } });
  });

  it("answers another tenant's task 404 to every read and action, lists none of it, and leaves it as it was", async () => {
    const task = await submitted(a.chief.bearer, { type: 'tenant-probe.record', autoRun: false });
    // B's administrator holds task:task:admin, which reaches every task of B's only.
    expectError(await call('get', `/tasks/${task.id}`, b.chief.bearer), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    expectError(await call('get', `/tasks/${task.id}/attempts`, b.chief.bearer), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    for (const action of ['run', 'cancel', 'retry'])
      expectError(await call('post', `/tasks/${task.id}/${action}`, b.chief.bearer), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    const seen = expectSuccess(await call('get', '/tasks?pageSize=100', b.chief.bearer)).data as { items: Task[]; total: number };
    expect(seen.items.map((t) => t.id)).to.not.include(task.id);
    expect(seen.total).to.equal(seen.items.length);
    expect(await read(task.id, a.chief.bearer)).to.deep.equal(task);
    // The same idempotency key in B makes B's own task.
    const key = randomUUID();
    const first = await submit(a.chief.bearer, { idempotencyKey: key, type: 'system.echo', autoRun: false });
    const second = await submit(b.chief.bearer, { idempotencyKey: key, type: 'system.echo', autoRun: false });
    expect(second.headers['idempotent-replayed']).to.equal(undefined);
    expect((expectSuccess(second, 201).data as Task).id).to.not.equal((expectSuccess(first, 201).data as Task).id);
  });

  it("fires a tenant's schedule in that tenant, and its tasks run there", async () => {
    const schedule = expectSuccess(
      await call('post', '/tasks/schedules', b.chief.bearer).send({ name: 'Every second', cron: '*/1 * * * * *', type: 'tenant-probe.record' }),
      201,
    ).data as { id: string; version: number };
    const fired = await eventually(async () => {
      const page = expectSuccess(await call('get', `/tasks?scheduleId=${schedule.id}`, b.chief.bearer)).data as { items: Task[] };
      return page.items.find((t) => t.state === 'succeeded');
    }, 15_000);
    expectSuccess(await call('post', `/tasks/schedules/${schedule.id}/disable`, b.chief.bearer));
    expect(fired.result).to.deep.equal({ seenTenant: b.id });
    expect(await runsOf(fired.id)).to.deep.equal([{ tenant_id: b.id, seen_tenant: b.id }]);
    const inA = expectSuccess(await call('get', `/tasks?scheduleId=${schedule.id}`, a.chief.bearer)).data as { total: number };
    expect(inA.total).to.equal(0);
    expectError(await call('get', `/tasks/schedules/${schedule.id}`, a.chief.bearer), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    // A schedule name is per tenant: A may take B's.
    expectSuccess(await call('post', '/tasks/schedules', a.chief.bearer).send({ name: 'Every second', cron: '0 0 1 1 *', type: 'system.echo' }), 201);
  });

  it("holds a stopped tenant's work: no schedule of it fires and no task of it runs until it is enabled again", async () => {
    const paused = await createTenant(server, platform.bearer, 'tasks-paused', PASSWORD);
    const schedule = expectSuccess(
      await call('post', '/tasks/schedules', paused.chief.bearer).send({ name: 'Yearly', cron: '0 0 1 1 *', type: 'tenant-probe.record' }),
      201,
    ).data as { id: string };
    const task = await submitted(paused.chief.bearer, { type: 'tenant-probe.record', runAt: new Date(Date.now() + 1500).toISOString() });
    const disabled = expectSuccess(await call('put', `/tenants/${paused.id}`, platform.bearer).send({ status: 'disabled', version: paused.version })).data as {
      version: number;
    };
    await server.sql('update task_schedules set next_fire_at = now() where id = ?', [schedule.id]);

    const [attempt] = await eventually(async () => {
      const rows = await server.sql<{ outcome: string; error: string }>('select outcome, error from task_attempts where task_id = ?', [task.id]);
      return rows[0]?.outcome ? rows : undefined;
    }, 10_000);
    expect(attempt).to.deep.equal({ outcome: 'failed', error: 'its tenant is disabled or expired' });
    expect(await runsOf(task.id)).to.deep.equal([]);
    // The scheduler has passed the due schedule by many times (every 100 ms) meanwhile.
    expect(await server.sql('select id from tasks where schedule_id = ?', [schedule.id])).to.deep.equal([]);

    expectSuccess(await call('put', `/tenants/${paused.id}`, platform.bearer).send({ status: 'active', version: disabled.version }));
    const [fired] = await eventually(async () => {
      const rows = await server.sql<{ id: string; state: string }>('select id, state from tasks where schedule_id = ?', [schedule.id]);
      return rows[0]?.state === 'succeeded' ? rows : undefined;
    }, 10_000);
    expect(await runsOf(fired.id)).to.deep.equal([{ tenant_id: paused.id, seen_tenant: paused.id }]);
  });

  it("gives back a tenant's task whose lease ran out, which then runs in its tenant", async () => {
    const task = await submitted(a.chief.bearer, { type: 'tenant-probe.record', autoRun: false });
    // As a worker killed mid-run leaves it: running, its lease over, its job long gone.
    await server.sql("update tasks set state = 'running', attempts = 1, lease_until = now() - interval '1 minute', job_id = ? where id = ?", [
      randomUUID(),
      task.id,
    ]);
    const done = await finished(task.id, a.chief.bearer);
    expect(done).to.deep.include({ state: 'succeeded', attempts: 2, result: { seenTenant: a.id } });
  });

  describe("the platform's task types (a permission of scope global)", () => {
    const PLATFORM_TYPES = ['assets.cleanup', 'audit.purge', 'tenant-probe.platform'];

    it("are refused to a tenant's users, and not listed to them", async () => {
      for (const type of PLATFORM_TYPES) expectError(await submit(a.chief.bearer, { type }), 403, 'PERM_DENIED_403');
      expectError(
        await call('post', '/tasks/schedules', a.chief.bearer).send({ name: 'Cleanup', cron: '0 3 * * *', type: 'assets.cleanup' }),
        403,
        'PERM_DENIED_403',
      );
      const types = (tokens: Tokens) =>
        call('get', '/tasks/types', tokens.bearer).then((res) => (expectSuccess(res).data as { items: { type: string }[] }).items.map((t) => t.type));
      const listed = await types(a.chief);
      expect(listed).to.include('tenant-probe.record');
      for (const type of PLATFORM_TYPES) expect(listed).to.not.include(type);
      expect(await types(platform)).to.include.members(PLATFORM_TYPES);
    });

    it('are refused to a platform administrator switched into a tenant, and nothing is stored', async () => {
      const pair = expectSuccess(await call('post', '/auth/switch-tenant', platform.bearer).send({ tenant: 'tasks-a' })).data as { accessToken: string };
      const inside = `Bearer ${pair.accessToken}`;
      const key = randomUUID();
      const error = expectError(await submit(inside, { idempotencyKey: key, type: 'tenant-probe.platform' }), 403, 'PERM_DENIED_403');
      expect(error.details).to.deep.include({
        field: '/body/type',
        rule: 'platform-task',
        message: 'task type "tenant-probe.platform" is the platform\'s: only the default tenant submits it',
        permission: 'tenant-task-probe:platform:run',
      });
      expect(await server.sql('select id from tasks where idempotency_key = ?', [key])).to.deep.equal([]);
      expectError(
        await call('post', '/tasks/schedules', inside).send({ name: 'Platform probe', cron: '0 3 * * *', type: 'tenant-probe.platform' }),
        403,
        'PERM_DENIED_403',
      );
    });

    it("run in the default tenant when the platform's administrator submits them", async () => {
      const task = await submitted(platform.bearer, { type: 'tenant-probe.platform' });
      expect(await finished(task.id, platform.bearer)).to.deep.include({ state: 'succeeded', result: { seenTenant: DEFAULT_TENANT_ID } });
      expect(await runsOf(task.id)).to.deep.equal([{ tenant_id: DEFAULT_TENANT_ID, seen_tenant: DEFAULT_TENANT_ID }]);
    });
  });

  it('leaves no job stuck once a tenant is deleted: its due jobs are dropped and its running handler stops', async () => {
    const doomed = await createTenant(server, platform.bearer, 'tasks-doomed', PASSWORD);
    const running = await submitted(doomed.chief.bearer, { type: 'system.sleep', payload: { ms: 60_000 } });
    await eventually(async () => ((await read(running.id, doomed.chief.bearer)).state === 'running' ? true : undefined), 10_000);
    const later = await submitted(doomed.chief.bearer, { type: 'tenant-probe.record', runAt: new Date(Date.now() + 2000).toISOString() });
    const [{ job_id: laterJob }] = await server.sql<{ job_id: string }>('select job_id from tasks where id = ?', [later.id]);
    expectSuccess(await call('delete', `/tenants/${doomed.id}`, platform.bearer).query({ version: doomed.version }));

    // The one worker slot (TASKS_CONCURRENCY 1) is free again long before the 60 s sleep would end.
    const next = await submitted(platform.bearer, { type: 'system.echo' });
    expect((await finished(next.id, platform.bearer)).state).to.equal('succeeded');
    // The job due after the delete was taken and completed, its task being gone; nothing of the tenant's is sent again.
    await eventually(async () => {
      const [job] = await server.sql<{ state: string }>('select state from tasks_pgboss.job where id = ?', [laterJob]);
      return job?.state === 'completed' ? true : undefined;
    }, 10_000);
    const left = await server.sql("select id from tasks_pgboss.job where data->>'tenantId' = ? and state not in ('completed', 'cancelled')", [doomed.id]);
    expect(left).to.deep.equal([]);
    expect(await runsOf(later.id)).to.deep.equal([]);
    expect(server.logs.filter((line) => (line.level as number) >= 50)).to.deep.equal([]);
  });
});
