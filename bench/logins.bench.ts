/**
 * Logins per second — POST /api/v1/auth/login with the right password, argon2id (m = 19 MiB,
 * t = 2) hashed off the main thread — and what they do to everyone else: the p99 latency of
 * GET /api/v1/me while logins run, as a ratio of its p99 when the server is idle. No goal is set;
 * what it shows is whether password hashing stalls the event loop (it must not) or only shares
 * the cores.
 *
 * Atrium runs in this process on a fresh database of the PostgreSQL at 127.0.0.1:5432 (dropped at
 * the end). Logins come from autocannon in a process of its own. GET /me latency is measured by a
 * probe in another process (this file, run with --probe): one request at a time at a fixed rate,
 * timed to the microsecond (autocannon rounds latencies to whole milliseconds). Rounds alternate
 * idle and loaded.
 *
 *   npm run bench -- logins
 *   node -r @swc-node/register bench/logins.bench.ts
 */
import 'reflect-metadata';
import { fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import type { Kernel } from '../kernel/kernel';
import type { TestDatabase } from '../test/support/database';
import { BENCH_ADMIN_PASSWORD, bootAtrium, fixed, loginBearer, postgresDatabase, runAutocannon, table, type LoadResult } from './support';

/**
 * Logins in flight at once: enough to keep both cores and libuv's 4 hashing threads busy, and
 * fewer than the default 5 failures a window (an attempt counts until it succeeds).
 */
const LOGIN_CONNECTIONS = 4;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 2;
/** GET /me requests per second of the probe: light enough not to load the server itself. */
const PROBE_RATE = 100;

interface ProbeResult {
  count: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

async function main(): Promise<void> {
  const database: TestDatabase = await postgresDatabase();
  let kernel: Kernel | undefined;
  try {
    kernel = await bootAtrium(database);
    const bearer = await loginBearer(kernel.url, 'admin', BENCH_ADMIN_PASSWORD);
    const meUrl = `${kernel.url}/api/v1/me`;
    const logins = {
      url: `${kernel.url}/api/v1/auth/login`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
      connections: LOGIN_CONNECTIONS,
      durationSeconds: SECONDS,
    };
    // Warm-up: JIT, the pool's connections, the caches.
    await runAutocannon({ ...logins, durationSeconds: 1 });
    await (await startProbe(meUrl, bearer, 1)).result();

    const idle: ProbeResult[] = [];
    const loaded: { me: ProbeResult; logins: LoadResult }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      idle.push(await (await startProbe(meUrl, bearer, SECONDS)).result());
      // The logins outlast the probe by a second on each side, so it only ever sees them running.
      const probe = await startProbe(meUrl, bearer, SECONDS);
      const loginRun = runAutocannon({ ...logins, durationSeconds: SECONDS + 2 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      loaded.push({ me: await probe.result(), logins: await loginRun });
    }
    report(idle, loaded);
  } finally {
    await kernel?.stop();
    await database.cleanup();
  }
}

function report(idle: ProbeResult[], loaded: { me: ProbeResult; logins: LoadResult }[]): void {
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const rows = [['run', 'logins/s', 'login p50 ms', 'login p99 ms', 'GET /me p50 ms', 'GET /me p99 ms', 'GET /me max ms']];
  idle.forEach((me, i) => {
    rows.push([`idle #${i + 1}`, '-', '-', '-', fixed(me.p50Ms, 2), fixed(me.p99Ms, 2), fixed(me.maxMs, 2)]);
    const { logins, me: busy } = loaded[i];
    rows.push([
      `logins #${i + 1}`,
      fixed(logins.requestsPerSecond, 1),
      fixed(logins.latencyP50Ms, 0),
      fixed(logins.latencyP99Ms, 0),
      fixed(busy.p50Ms, 2),
      fixed(busy.p99Ms, 2),
      fixed(busy.maxMs, 2),
    ]);
  });
  const idleP99 = mean(idle.map((r) => r.p99Ms));
  const loadedP99 = mean(loaded.map((r) => r.me.p99Ms));
  console.log(
    `${os.cpus().length} cores, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}; logins: autocannon, ${LOGIN_CONNECTIONS} connections, ${SECONDS} s per run; GET /me: ${PROBE_RATE} req/s, one at a time`,
  );
  console.log(table(rows));
  console.log(`logins per second (argon2id, m = 19 MiB, t = 2): ${fixed(mean(loaded.map((r) => r.logins.requestsPerSecond)), 1)}`);
  console.log(`GET /me p99: ${fixed(idleP99, 2)} ms idle, ${fixed(loadedP99, 2)} ms while logins run = ${fixed(loadedP99 / idleP99, 2)} x idle`);
  const failures =
    loaded.reduce((sum, r) => sum + r.logins.non2xx + r.logins.errors + r.logins.timeouts, 0) +
    [...idle, ...loaded.map((r) => r.me)].reduce((sum, r) => sum + r.failures, 0);
  if (failures > 0) {
    console.log(`INVALID: ${failures} requests did not answer 2xx; the figures above do not measure logins`);
    process.exitCode = 1;
  }
}

/**
 * Starts the GET /me probe in a process of its own (this file with --probe). It loads and warms up
 * first; `result()` then starts it and answers its figures.
 */
function startProbe(url: string, bearer: string, seconds: number): Promise<{ result(): Promise<ProbeResult> }> {
  const child = fork(__filename, ['--probe', url, String(seconds)], {
    env: { ...process.env, BENCH_BEARER: bearer },
    execArgv: ['-r', require.resolve('@swc-node/register')],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the probe exited with ${code} before it answered`))));
  const message = () => Promise.race([new Promise((resolve) => child.once('message', resolve)), exited]);
  return message().then(() => ({
    result() {
      child.send('start');
      return message() as Promise<ProbeResult>;
    },
  }));
}

/** The probe: warms up, says so, then on 'start' GETs `url` PROBE_RATE times a second, one at a time, each timed. */
async function runProbe(url: string, seconds: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { Authorization: process.env.BENCH_BEARER ?? '' };
  const get = () =>
    new Promise<number>((resolve, reject) => {
      http.get(url, { agent, headers }, (res) => res.resume().once('end', () => resolve(res.statusCode ?? 0))).once('error', reject);
    });
  for (let i = 0; i < 50; i++) await get();
  await new Promise((resolve) => {
    process.once('message', resolve);
    process.send!('ready');
  });
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  for (let next = started; next < started + seconds * 1000; next += 1000 / PROBE_RATE) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    if ((await get()) !== 200) failures += 1;
    latencies.push(performance.now() - sent);
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  process.send!({ count: latencies.length, failures, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: latencies[latencies.length - 1] } satisfies ProbeResult, () =>
    process.exit(0),
  );
}

const failed = (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
};
if (process.argv[2] === '--probe') runProbe(process.argv[3], Number(process.argv[4])).catch(failed);
else main().catch(failed);
