/**
 * The tasks module end to end, as ratios of baselines measured in the same run on the same
 * PostgreSQL (a fresh database on the server of DATABASE_URL, dropped at the end; skipped, with a
 * message, when DATABASE_URL is unset):
 *
 * 1. Throughput: system.echo tasks completed per second by two Atrium server processes (two
 *    workers each, the default), from the first POST /tasks to the last task succeeded. The
 *    submissions go to both processes alternately, SUBMITTERS at a time, as an admin with a real
 *    access token. Baseline: bare pg-boss 10 in this process doing the same number of jobs the
 *    same way — `send` each (SUBMITTERS at a time), two worker loops of `fetch` + `complete` with
 *    no polling delay. That is the queue's own round trip per job, so the ratio is what Atrium
 *    adds on top of it: HTTP, authentication, the idempotent insert in a transaction with its
 *    job, the claim with its lease and attempt row, the recorded result.
 * 2. Idempotency: the latency of a duplicate POST /tasks (same key, same body: a 201 replay) as
 *    a ratio of the first submission of that key, pairs taken one after the other on one process,
 *    medians compared. The tasks are scheduled a day ahead, so no worker runs them meanwhile:
 *    what is compared is the submission alone (a first one inserts the task and its job in one
 *    transaction; a duplicate's insert meets the unique index, and it reads the task).
 *
 * Rounds alternate baseline and Atrium. At the end every task of the rounds must have succeeded
 * exactly once (one succeeded attempt each, none lost).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- tasks
 */
import 'reflect-metadata';
import PgBoss from 'pg-boss';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../test/support/database';
import { startServerProcess, type ServerProcess } from '../test/support/server-process';
import { BENCH_ADMIN_PASSWORD, BENCH_JWT_SECRET, fixed, loginBearer, median, table } from './support';

const TASKS = Number(process.env.BENCH_TASKS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SUBMITTERS = 16;
const PAIRS = 200;
const BASELINE_QUEUE = 'bench.baseline';

interface Atrium {
  servers: ServerProcess[];
  bearer: string;
  client: Client;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.log('skipped: the tasks benchmark runs on PostgreSQL; set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
    return;
  }
  const database: TestDatabase = await createTestDatabase();
  const servers: ServerProcess[] = [];
  const client = new Client({ connectionString: database.databaseUrl });
  let boss: PgBoss | undefined;
  try {
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.databaseUrl,
      DATA_DIR: database.dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      RATE_LIMIT_POINTS: '1000000',
    };
    // One after the other: the first applies the migrations and seeds the administrator.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    await client.connect();
    const atrium: Atrium = { servers, bearer: await loginBearer(servers[0].url, 'admin', BENCH_ADMIN_PASSWORD), client };
    boss = new PgBoss({ connectionString: database.databaseUrl, schema: 'bench_pgboss', schedule: false, supervise: false, max: 10 });
    boss.on('error', (error: unknown) => console.error('pg-boss:', error));
    await boss.start();
    await boss.createQueue(BASELINE_QUEUE);

    console.log(
      `${TASKS} tasks per round, ${SUBMITTERS} submissions in flight, ${ROUNDS} rounds alternating; PostgreSQL at ${new URL(database.databaseUrl!).host}`,
    );
    await echoTasks(atrium, 100, 'warm-up');
    await bareJobs(boss, 100);
    const rows = [['round', 'pg-boss jobs/s', 'Atrium tasks/s', 'ratio', 'Atrium submit/s']];
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const baseline = await bareJobs(boss, TASKS);
      const subject = await echoTasks(atrium, TASKS, `round${round}`);
      ratios.push(subject.perSecond / baseline);
      rows.push([`#${round}`, fixed(baseline, 0), fixed(subject.perSecond, 0), fixed(subject.perSecond / baseline, 2), fixed(subject.submittedPerSecond, 0)]);
    }
    console.log('\nthroughput: system.echo tasks completed per second, two Atrium processes vs bare pg-boss send + fetch + complete');
    console.log(table(rows));
    console.log(`Atrium = ${fixed(median(ratios), 2)} x bare pg-boss (median of the rounds)`);

    const latency = await duplicateLatency(atrium);
    console.log(`\nidempotency: ${PAIRS} pairs of POST /tasks (a first submission, then the same again)`);
    console.log(
      table([
        ['submission', 'median ms', 'p90 ms'],
        ['first', fixed(median(latency.first), 2), fixed(percentile(latency.first, 0.9), 2)],
        ['duplicate (replayed)', fixed(median(latency.duplicate), 2), fixed(percentile(latency.duplicate, 0.9), 2)],
      ]),
    );
    console.log(`duplicate = ${fixed(median(latency.duplicate) / median(latency.first), 2)} x first (medians)`);
    await checkExactlyOnce(atrium);
  } finally {
    await boss?.stop({ graceful: false });
    await client.end().catch(() => undefined);
    for (const server of servers) await server.stop();
    await database.cleanup();
  }
}

/** Submits `count` echo tasks to both processes and waits until all succeeded: tasks per second, and submissions per second. */
async function echoTasks(atrium: Atrium, count: number, label: string): Promise<{ perSecond: number; submittedPerSecond: number }> {
  const before = await succeeded(atrium.client);
  const started = performance.now();
  await inParallel(count, SUBMITTERS, async (i) => {
    const server = atrium.servers[i % atrium.servers.length];
    const res = await post(server, atrium.bearer, { idempotencyKey: `${label}-${i}`, type: 'system.echo', payload: { i } });
    if (res.status !== 201) throw new Error(`POST /tasks answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  });
  const submittedMs = performance.now() - started;
  while ((await succeeded(atrium.client)) < before + count) await new Promise((resolve) => setTimeout(resolve, 5));
  const ms = performance.now() - started;
  return { perSecond: (count / ms) * 1000, submittedPerSecond: (count / submittedMs) * 1000 };
}

/** The same number of jobs through bare pg-boss: jobs per second from the first send to the last completion. */
async function bareJobs(boss: PgBoss, count: number): Promise<number> {
  let completed = 0;
  let sent = 0;
  const started = performance.now();
  const sending = inParallel(count, SUBMITTERS, async (i) => {
    await boss.send(BASELINE_QUEUE, { i });
    sent++;
  });
  const worker = async () => {
    while (completed < count) {
      const [job] = await boss.fetch(BASELINE_QUEUE, { batchSize: 1 });
      if (!job) {
        // Nothing due yet: the sends are still coming (no polling interval, only a yield).
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      await boss.complete(BASELINE_QUEUE, job.id);
      completed++;
    }
  };
  await Promise.all([sending, worker(), worker()]);
  if (sent !== count) throw new Error(`sent ${sent} of ${count} jobs`);
  return (count / (performance.now() - started)) * 1000;
}

/** PAIRS first submissions, each followed by its duplicate, on one process: the latency of each. */
async function duplicateLatency(atrium: Atrium): Promise<{ first: number[]; duplicate: number[] }> {
  const server = atrium.servers[0];
  const first: number[] = [];
  const duplicate: number[] = [];
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  for (let i = 0; i < PAIRS; i++) {
    const body = { idempotencyKey: `pair-${i}`, type: 'system.echo', payload: { i }, runAt: tomorrow };
    for (const [times, replayed] of [
      [first, null],
      [duplicate, 'true'],
    ] as const) {
      const started = performance.now();
      const res = await post(server, atrium.bearer, body);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (res.status !== 201 || res.headers.get('idempotent-replayed') !== replayed)
        throw new Error(`pair ${i}: answered ${res.status}, Idempotent-Replayed ${res.headers.get('idempotent-replayed')}`);
    }
  }
  return { first, duplicate };
}

/** Every task of the throughput rounds succeeded, each with exactly one succeeded attempt and nothing lost or failed. */
async function checkExactlyOnce(atrium: Atrium): Promise<void> {
  const { rows } = await atrium.client.query<{ tasks: string; unfinished: string; succeeded: string; other: string }>(`
    with measured as (select id, state from tasks where idempotency_key not like 'pair-%')
    select (select count(*) from measured) as tasks,
           (select count(*) from measured where state <> 'succeeded') as unfinished,
           (select count(*) from task_attempts where task_id in (select id from measured) and outcome = 'succeeded') as succeeded,
           (select count(*) from task_attempts where task_id in (select id from measured) and outcome is distinct from 'succeeded') as other`);
  const { tasks, unfinished, succeeded, other } = rows[0];
  console.log(`\nchecked: ${tasks} tasks, ${unfinished} not succeeded, ${succeeded} succeeded attempts, ${other} other attempts`);
  if (unfinished !== '0' || succeeded !== tasks || other !== '0') {
    console.log('INVALID: every task must have succeeded exactly once');
    process.exitCode = 1;
  }
}

function post(server: ServerProcess, bearer: string, body: object): Promise<Response> {
  return fetch(`${server.url}/api/v1/tasks`, {
    method: 'POST',
    headers: { Authorization: bearer, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function succeeded(client: Client): Promise<number> {
  const { rows } = await client.query<{ count: string }>(`select count(*) from tasks where state = 'succeeded'`);
  return Number(rows[0].count);
}

/** Runs `work(0..count-1)`, `width` at a time. */
async function inParallel(count: number, width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
