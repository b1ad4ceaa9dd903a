/**
 * The cost of the operation log: throughput of POST requests with the audit module enabled, as a
 * ratio of the same requests with it disabled, on the same server in the same run. Goal: at
 * least 0.9 for a create.
 *
 * Two routes of bench/fixtures/audit-post, both protected (the seeded administrator's real access
 * token) with a JSON body parsed and validated:
 *   - POST /bench/notes inserts the note (one row, as a module's create does) and answers 201:
 *     the goal applies to it;
 *   - POST /bench/notes/echo answers 201 without touching the database: the cheapest POST there
 *     is, so its ratio is what audit costs at most, shown for information.
 * With audit enabled every request is also summarised, appended to the outbox (its answer waits
 * for the group's fsync: the durability a crash cannot undo), queued and written in multi-row
 * inserts to the PostgreSQL at 127.0.0.1:5432 (a fresh database, dropped at the end). Audit is switched
 * off and on between runs (the module API a console uses), alternately, with the same autocannon
 * settings; autocannon runs in a process of its own. At the end the records written are counted
 * against the requests answered with audit on: none may be missing.
 *
 *   npm run bench -- audit
 *   node -r @swc-node/register bench/audit.bench.ts
 */
import 'reflect-metadata';
import path from 'node:path';
import type { Kernel } from '../kernel/kernel';
import type { TestDatabase } from '../test/support/database';
import {
  BENCH_ADMIN_PASSWORD,
  RUN_HEADER,
  bootAtrium,
  failuresOf,
  fixed,
  loginBearer,
  meanRps,
  postgresDatabase,
  runAutocannon,
  runRow,
  table,
  type LoadOptions,
  type LoadResult,
} from './support';

const GOAL = 0.9;
const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = 3;
const NOTE = { title: 'A note', text: 'Something worth keeping. '.repeat(8), tags: ['bench', 'audit'] };

const ROUTES = [
  { path: '/api/v1/bench/notes', title: 'POST /bench/notes (inserts a row)', goal: true },
  { path: '/api/v1/bench/notes/echo', title: 'POST /bench/notes/echo (no database: the most audit can cost)', goal: false },
];

interface Measured {
  off: LoadResult[];
  on: LoadResult[];
}

async function main(): Promise<void> {
  const database: TestDatabase = await postgresDatabase();
  let kernel: Kernel | undefined;
  try {
    kernel = await bootAtrium(database, {}, [path.join(__dirname, 'fixtures', 'audit-post')]);
    const headers = { Authorization: await loginBearer(kernel.url, 'admin', BENCH_ADMIN_PASSWORD), 'Content-Type': 'application/json' };
    const audit = (enabled: boolean) => (enabled ? kernel!.capabilities.lifecycle.enable('audit') : kernel!.capabilities.lifecycle.disable('audit'));
    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating audit off and on, loopback`);
    const answered: number[] = [];
    let met = true;
    let failures = 0;
    for (const route of ROUTES) {
      const load: LoadOptions = {
        url: `${kernel.url}${route.path}`,
        method: 'POST',
        headers,
        body: JSON.stringify(NOTE),
        connections: CONNECTIONS,
        durationSeconds: SECONDS,
      };
      await checkRoute(load);
      const measured = await alternate(load, audit);
      const ratio = meanRps(measured.on) / meanRps(measured.off);
      report(route.title, measured, ratio);
      if (route.goal) met = ratio >= GOAL;
      answered.push(...measured.on.map((r) => r.requests));
      failures += failuresOf([...measured.off, ...measured.on]);
    }
    // Disabling stops the module, which writes whatever is still queued.
    await audit(false);
    console.log(`goal >= ${GOAL} for a create: ${met ? 'met' : 'NOT met'}`);
    check(
      failures,
      answered.reduce((sum, n) => sum + n, 0),
      await recordedPosts(kernel),
    );
  } finally {
    await kernel?.stop();
    await database.cleanup();
  }
}

async function checkRoute(load: LoadOptions): Promise<void> {
  const res = await fetch(load.url, { method: 'POST', headers: load.headers, body: load.body });
  if (res.status !== 201) throw new Error(`POST ${load.url} must answer 201, but answered ${res.status}: ${await res.text()}`);
}

/** A warm-up of each, then audit off and on alternately, ROUNDS times. */
async function alternate(load: LoadOptions, audit: (enabled: boolean) => Promise<unknown>): Promise<Measured> {
  const measured: Measured = { off: [], on: [] };
  await audit(false);
  await runAutocannon({ ...load, durationSeconds: WARMUP_SECONDS });
  await audit(true);
  await runAutocannon({ ...load, durationSeconds: WARMUP_SECONDS });
  for (let round = 0; round < ROUNDS; round++) {
    await audit(false);
    measured.off.push(await runAutocannon(load));
    await audit(true);
    measured.on.push(await runAutocannon(load));
  }
  return measured;
}

/** Operation records of the benchmarked routes, every one written by now. */
async function recordedPosts(kernel: Kernel): Promise<number> {
  const paths = ROUTES.map((r) => r.path);
  const rows = (await kernel.db.orm.em.fork().getConnection().execute('select count(*) as count from audit_operation where path in (?)', [paths])) as {
    count: string;
  }[];
  return Number(rows[0].count);
}

function report(title: string, measured: Measured, ratio: number): void {
  const rows = [RUN_HEADER];
  measured.off.forEach((off, i) => rows.push(runRow(`audit off #${i + 1}`, off), runRow(`audit on #${i + 1}`, measured.on[i])));
  console.log(`\n${title}`);
  console.log(table(rows));
  console.log(`audit on = ${fixed(ratio, 2)} x audit off (${fixed(meanRps(measured.on), 0)} / ${fixed(meanRps(measured.off), 0)} req/s)`);
}

function check(failures: number, answered: number, recorded: number): void {
  // Every POST answered while audit was on is one record (the warm-ups' and the checks' come on top).
  console.log(`operation records written: ${recorded} for at least ${answered} requests answered with audit on`);
  if (failures > 0) {
    console.log(`INVALID: ${failures} requests did not answer 2xx; the figures above do not measure the routes`);
    process.exitCode = 1;
  }
  if (recorded < answered) {
    console.log(`INVALID: ${answered - recorded} requests answered with audit on have no record`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
