import { expect } from 'chai';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { fixture, tokenFor } from '../support/server';
import { expectEverySecondOnce, fireTimeOf, sleep } from './schedules-support';

const PLANNER = tokenFor('planner', ['task:schedule:add', 'task:schedule:edit', 'task:task:submit']);

/**
 * The test: two server PROCESSES on one PostgreSQL, both running the scheduler. A cron
 * firing every second gets exactly one task per fire time — none twice, none missing. Needs a
 * PostgreSQL server (CI's second pass).
 */
describe('tasks: a schedule firing once per tick across two server processes', function () {
  const serverUrl = process.env.DATABASE_URL;
  let database: TestDatabase;
  const servers: ServerProcess[] = [];

  before(async function () {
    if (!serverUrl) this.skip();
    database = await createTestDatabase();
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.databaseUrl,
      DATA_DIR: database.dataDir,
      MODULE_PATH: fixture('test-auth'),
      JWT_SECRET: 'a-secret-both-processes-share-0123456789',
      ADMIN_PASSWORD: 'two-processes-admin-1',
      // Both ask every 10 ms: their ticks overlap all the time, so a fire time taken twice would show.
      TASKS_SCHEDULER_INTERVAL_MS: '10',
    };
    // One after the other: the first applies the migrations.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
  });

  after(async () => {
    for (const server of servers) expect(await server.stop(), server.stderr()).to.equal(0);
    await database?.cleanup();
  });

  async function call(server: ServerProcess, method: string, path: string, body?: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { Authorization: PLANNER, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, data: ((await res.json()) as { data: Record<string, unknown> }).data };
  }

  async function rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    const client = new Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it('submits exactly one task per fire time, with no gap between the first and the last', async () => {
    const [first, second] = servers;
    const created = await call(first, 'POST', '/tasks/schedules', {
      name: 'Every second, twice served',
      cron: '*/1 * * * * *',
      type: 'system.echo',
      payload: { n: 1 },
    });
    expect(created.status).to.equal(201);
    const id = created.data.id as string;
    await sleep(6000);
    // Disabled through the other process: both serve the same schedules.
    expect((await call(second, 'POST', `/tasks/schedules/${id}/disable`)).status).to.equal(200);

    const tasks = await rows<{ id: string; idempotency_key: string; created_by: string }>(
      'select id, idempotency_key, created_by from tasks where schedule_id = $1',
      [id],
    );
    expect(tasks.length).to.be.at.least(4);
    expectEverySecondOnce(tasks.map((t) => fireTimeOf(id, { idempotencyKey: t.idempotency_key })));
    for (const task of tasks) expect(task.created_by).to.equal('user-planner');
    // And they run, each once, on whichever process took its job.
    const deadline = Date.now() + 20_000;
    let states: { state: string; attempts: number }[];
    do {
      await sleep(200);
      states = await rows('select state, attempts from tasks where schedule_id = $1', [id]);
    } while (states.some((s) => s.state !== 'succeeded') && Date.now() < deadline);
    expect(states.map((s) => s.state)).to.deep.equal(tasks.map(() => 'succeeded'));
    for (const s of states) expect(s.attempts).to.equal(1);
  });
});
