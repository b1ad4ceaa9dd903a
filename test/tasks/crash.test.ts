import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createEmbeddedDataDir, createTestDatabase, type TestDatabase } from '../support/database';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { fixture } from '../support/server';
import { OPERATOR, freshKey, sleep, type AttemptBody, type TaskBody } from './helpers';

const LEASE_MS = 2000;
const SLEEP_MS = 4000;

/** Where a process keeps its data: a PostgreSQL database, or an embedded data directory. */
interface Store {
  env: NodeJS.ProcessEnv;
  cleanup(): Promise<void>;
}

async function postgresStore(): Promise<Store> {
  const database: TestDatabase = await createTestDatabase();
  return { env: { DATABASE_URL: database.databaseUrl, DATA_DIR: database.dataDir }, cleanup: () => database.cleanup() };
}

async function embeddedStore(): Promise<Store> {
  const dataDir = path.dirname(await createEmbeddedDataDir());
  // Empty, not unset: the run's DATABASE_URL must not reach the server.
  return { env: { DATABASE_URL: '', DATA_DIR: dataDir }, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** A real server process with test tokens, one worker and a short lease. */
function serve(store: Store): Promise<ServerProcess> {
  return startServerProcess({
    NODE_ENV: 'test',
    MODULE_PATH: fixture('test-auth'),
    TASKS_LEASE_MS: String(LEASE_MS),
    TASKS_CONCURRENCY: '1',
    ...store.env,
  });
}

async function call<T>(server: ServerProcess, method: string, url: string, body?: object): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${url}`, {
    method,
    headers: { Authorization: OPERATOR, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

const readTask = (server: ServerProcess, id: string) => call<TaskBody>(server, 'GET', `/tasks/${id}`);
const readAttempts = async (server: ServerProcess, id: string) => (await call<{ items: AttemptBody[] }>(server, 'GET', `/tasks/${id}/attempts`)).items;

async function waitFor(server: ServerProcess, id: string, done: (task: TaskBody) => boolean, timeoutMs = 30_000): Promise<TaskBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await readTask(server, id);
    if (done(task)) return task;
    if (Date.now() > deadline) expect.fail(`task ${id} did not get there in ${timeoutMs} ms: ${JSON.stringify(task)}\n${server.stderr()}`);
    await sleep(100);
  }
}

/** A slow task, running on `server`. */
async function runningSleep(server: ServerProcess): Promise<TaskBody> {
  const task = await call<TaskBody>(server, 'POST', '/tasks', { idempotencyKey: freshKey('crash'), type: 'system.sleep', payload: { ms: SLEEP_MS } });
  return waitFor(server, task.id, (t) => t.state === 'running');
}

/**
 * A worker process killed with SIGKILL in the middle of a task: the task stays running until its
 * lease runs out, then another process (the restart) queues it again — the lost attempt recorded —
 * and runs it to success exactly once. A frozen worker (SIGSTOP) that wakes after its task was
 * taken away records nothing.
 */
describe('tasks: a worker killed mid-task', function () {
  const processes: ServerProcess[] = [];
  const stores: Store[] = [];
  afterEach(async () => {
    for (const server of processes.splice(0)) await server.kill();
    for (const store of stores.splice(0)) await store.cleanup();
  });

  async function killedAndRestarted(store: Store): Promise<void> {
    stores.push(store);
    const first = await serve(store);
    processes.push(first);
    const task = await runningSleep(first);
    expect(await first.kill()).to.equal('SIGKILL');
    const second = await serve(store);
    processes.push(second);
    const done = await waitFor(second, task.id, (t) => t.state === 'succeeded');
    expect(done).to.include({ attempts: 2, error: null });
    expect(done.result).to.deep.equal({ sleptMs: SLEEP_MS });
    const attempts = await readAttempts(second, task.id);
    expect(attempts.map((a) => [a.number, a.outcome])).to.deep.equal([
      [1, 'lost'],
      [2, 'succeeded'],
    ]);
    expect(attempts[0].error).to.match(/lease ran out/);
    // The lease decided: the task was not taken back before it ran out.
    expect(Date.parse(attempts[1].startedAt) - Date.parse(attempts[0].startedAt)).to.be.at.least(LEASE_MS);
    expect(await second.stop(), second.stderr()).to.equal(0);
  }

  it('on PostgreSQL: the restarted process runs the task to success once, the killed attempt recorded as lost', async function () {
    if (!process.env.DATABASE_URL) this.skip();
    await killedAndRestarted(await postgresStore());
  });

  it('on the embedded database: the same, after the restart recovers the data directory the kill left', async function () {
    if (process.env.DATABASE_URL) this.skip();
    await killedAndRestarted(await embeddedStore());
  });

  it('on PostgreSQL: a frozen worker that wakes while another runs its task again records nothing; the task succeeds once', async function () {
    if (!process.env.DATABASE_URL) this.skip();
    const store = await postgresStore();
    stores.push(store);
    const frozen = await serve(store);
    processes.push(frozen);
    const task = await runningSleep(frozen);
    // Frozen mid-task, as a long pause would: no heartbeat, no progress, its lease runs out.
    process.kill(frozen.pid, 'SIGSTOP');
    let retaken: TaskBody;
    let other: ServerProcess;
    try {
      other = await serve(store);
      processes.push(other);
      retaken = await waitFor(other, task.id, (t) => t.state === 'running' && t.attempts === 2);
    } finally {
      process.kill(frozen.pid, 'SIGCONT');
    }
    // The woken worker's sleep is long over and its heartbeat due, while the new attempt has most of
    // its sleep ahead: whatever the old worker writes now would show.
    await sleep(LEASE_MS / 2);
    const { progress: _progress, ...unchanged } = retaken;
    expect(await readTask(frozen, task.id)).to.deep.include(unchanged);
    const done = await waitFor(other, task.id, (t) => t.state === 'succeeded');
    expect(done).to.include({ attempts: 2, version: retaken.version + 1 });
    expect((await readAttempts(frozen, task.id)).map((a) => [a.number, a.outcome])).to.deep.equal([
      [1, 'lost'],
      [2, 'succeeded'],
    ]);
  });
});
