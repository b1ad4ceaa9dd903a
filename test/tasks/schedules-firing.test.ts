import { expect } from 'chai';
import { openDatabase } from '../../kernel/db/database';
import { expectSuccess } from '../http/helpers';
import { startTestServer, tokenFor, type TestServer } from '../support/server';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { SchedulesClient, eventually, expectEverySecondOnce, fireTimeOf, sleep, tasksOf, type ScheduleBody } from './schedules-support';

/** Schedules its own tasks and reads them: the tasks a schedule submits are its creator's. */
const PLANNER = tokenFor('planner', ['task:schedule:list', 'task:schedule:add', 'task:schedule:edit', 'task:task:submit']);
const SCHEDULER_ENV = { NODE_ENV: 'test', TASKS_SCHEDULER_INTERVAL_MS: '100' };

interface TaskBody {
  id: string;
  state: string;
  result: unknown;
  scheduleId: string | null;
  createdBy: string;
}

/** The scheduler at work on one server: fire times become tasks, which run. */
describe('tasks: schedules firing', () => {
  let server: TestServer;
  const planner = new SchedulesClient(() => server, PLANNER);

  before(async () => {
    server = await startTestServer({ env: SCHEDULER_ENV });
  });
  after(() => server?.stop());

  it('submits one task per fire time of a seconds cron, as the schedule’s creator, and the tasks run', async () => {
    const schedule = await planner.create({ name: 'Every second', cron: '*/1 * * * * *', type: 'system.echo', payload: { greeting: 'hello' } });
    await eventually('three fired tasks', async () => (await tasksOf(server, schedule.id)).length >= 3);
    await planner.disable(schedule.id);
    const tasks = await tasksOf(server, schedule.id);
    const fireTimes = tasks.map((task) => fireTimeOf(schedule.id, task));
    expectEverySecondOnce(fireTimes);
    for (const [i, task] of tasks.entries()) {
      expect(task.createdBy).to.equal('user-planner');
      // The task runs at its fire time: the key and the task agree on when.
      expect(task.runAt.toISOString()).to.equal(fireTimes[i]);
    }
    // The creator sees them as their own, and each ran with the schedule's payload.
    for (const task of tasks) {
      const done = await eventually(`task ${task.id} to succeed`, async () => {
        const body = expectSuccess(await planner.call('get', `/tasks/${task.id}`)).data as TaskBody;
        return body.state === 'succeeded' ? body : undefined;
      });
      expect(done).to.deep.include({ scheduleId: schedule.id, createdBy: 'user-planner', result: { greeting: 'hello' } });
    }
    const after = await planner.get(schedule.id);
    expect(after.lastFiredAt).to.equal(fireTimes[fireTimes.length - 1]);
    // Firing moves the next fire time, never the version: a client's edit is not made stale by it.
    expect(after.version).to.equal(2);
  });

  it('submits nothing while disabled, and nothing after the disable has answered', async () => {
    const idle = await planner.create({ name: 'Created disabled', cron: '*/1 * * * * *', type: 'system.echo', enabled: false });
    const running = await planner.create({ name: 'Disabled while firing', cron: '*/1 * * * * *', type: 'system.echo' });
    await eventually('a first fired task', async () => (await tasksOf(server, running.id)).length >= 1);
    const disabled = expectSuccess(await planner.call('put', `/tasks/schedules/${running.id}`, { enabled: false, version: running.version }))
      .data as ScheduleBody;
    expect(disabled.enabled).to.equal(false);
    const firedBefore = (await tasksOf(server, running.id)).length;
    await sleep(2500);
    expect(await tasksOf(server, idle.id)).to.deep.equal([]);
    expect(await tasksOf(server, running.id)).to.have.length(firedBefore);
  });

  it('starts from the next fire time after an enable, not from the time it was disabled', async () => {
    const schedule = await planner.create({ name: 'Paused', cron: '*/1 * * * * *', type: 'system.echo', enabled: false });
    await sleep(1500);
    const enabledAt = Date.now();
    expectSuccess(await planner.call('post', `/tasks/schedules/${schedule.id}/enable`));
    const [first] = await eventually('a fired task', async () => {
      const tasks = await tasksOf(server, schedule.id);
      return tasks.length > 0 ? tasks : undefined;
    });
    expect(Date.parse(fireTimeOf(schedule.id, first))).to.be.greaterThan(enabledAt - 1000);
    await planner.disable(schedule.id);
  });

  it('skips a fire time whose task its type refuses, and goes on firing', async () => {
    const schedule = await planner.create({ name: 'Outlived its type', cron: '*/1 * * * * *', type: 'system.echo', enabled: false });
    // What a schedule holds when its type's module is disabled, or its schema changes, after it was made.
    await server.sql("update task_schedules set type = 'gone.away' where id = ?", [schedule.id]);
    expectSuccess(await planner.call('post', `/tasks/schedules/${schedule.id}/enable`));
    const firstDue = (await planner.get(schedule.id)).nextFireAt!;
    await eventually('the next fire time to move on', async () => (await planner.get(schedule.id)).nextFireAt! > firstDue);
    await planner.disable(schedule.id);
    expect(await tasksOf(server, schedule.id)).to.deep.equal([]);
    expect((await planner.get(schedule.id)).lastFiredAt).to.equal(null);
  });
});

/** A stopped server fires nothing; the one that starts next catches up once, then goes on. */
describe('tasks: schedules after no instance ran', () => {
  let database: TestDatabase;
  let server: TestServer | undefined;
  const api = new SchedulesClient(() => server!, PLANNER);

  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  /** Runs SQL on the database while no server is running. */
  async function whileDown(sql: string, params: unknown[]): Promise<void> {
    const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      await db.orm.em.fork().getConnection().execute(sql, params);
    } finally {
      await db.close();
    }
  }

  it('submits one task, for the latest missed fire time, then fires from the next one after now', async () => {
    server = await startTestServer({ database, env: SCHEDULER_ENV });
    const schedule = await api.create({ name: 'Hourly report', cron: '0 0 * * * *', type: 'system.echo', payload: { report: 'hourly' } });
    await server.stop();
    server = undefined;
    // As the row stands after three hours and more with no instance running: due since then.
    const hour = 3600_000;
    const dueSince = new Date((Math.floor(Date.now() / hour) - 3) * hour);
    await whileDown('update task_schedules set next_fire_at = ? where id = ?', [dueSince, schedule.id]);

    const latestBefore = Math.floor(Date.now() / hour) * hour;
    server = await startTestServer({ database, env: SCHEDULER_ENV });
    const [task] = await eventually('the catch-up task', async () => {
      const tasks = await tasksOf(server!, schedule.id);
      return tasks.length > 0 ? tasks : undefined;
    });
    const latestAfter = Math.floor(Date.now() / hour) * hour;
    // Not one per missed hour: one, for the latest hour at or before the moment it fired.
    expect([latestBefore, latestAfter]).to.include(Date.parse(fireTimeOf(schedule.id, task)));
    const view = await api.get(schedule.id);
    expect(view.lastFiredAt).to.equal(fireTimeOf(schedule.id, task));
    expect(Date.parse(view.nextFireAt!)).to.equal(Date.parse(view.lastFiredAt!) + hour);
    expect(Date.parse(view.nextFireAt!)).to.be.greaterThan(Date.now());
    // Several ticks later there is still just the one.
    await sleep(1000);
    expect(await tasksOf(server, schedule.id)).to.have.length(1);
  });
});

/** The loop starts and ends with the module: nothing of it runs, or queries, once the kernel has stopped. */
describe('tasks: the scheduler’s lifecycle', () => {
  it('refuses to start with a TASKS_SCHEDULER_INTERVAL_MS that is not a number of milliseconds, naming it', async () => {
    const refused = await startTestServer({ env: { NODE_ENV: 'test', TASKS_SCHEDULER_INTERVAL_MS: 'soon' } }).then(
      (server) => server.stop().then(() => undefined),
      (error: Error) => error,
    );
    expect(refused?.message).to.contain('TASKS_SCHEDULER_INTERVAL_MS="soon" must be an integer');
  });

  it('stops ticking when the kernel stops, with no query left to fail on the closed database', async () => {
    // Ticks every 10 ms: one is nearly always under way when the stop arrives.
    const server = await startTestServer({ env: { NODE_ENV: 'test', TASKS_SCHEDULER_INTERVAL_MS: '10' }, captureLogs: true });
    const api = new SchedulesClient(() => server, PLANNER);
    let stopped = false;
    try {
      const schedule = await api.create({ name: 'Busy', cron: '*/1 * * * * *', type: 'system.echo' });
      await eventually('a fired task', async () => (await tasksOf(server, schedule.id)).length > 0);
      await server.stop();
      stopped = true;
      const linesAtStop = server.logs.length;
      // Were a timer left, it would tick ~30 times here, each failing on the closed database.
      await sleep(300);
      expect(server.logs.length, server.rawLogs()).to.equal(linesAtStop);
      const failures = server.logs.filter((l) => (l.level as number) >= 50);
      expect(failures, JSON.stringify(failures)).to.deep.equal([]);
    } finally {
      if (!stopped) await server.stop();
    }
  });
});
