/**
 * GET /api/v1/me — a request that needs no Redis — on one Atrium instance whose Redis is cut for
 * real (a TCP proxy drops every connection and refuses new ones), as a ratio of the same instance
 * with Redis healthy, measured alternately in the same run. Goal: the outage latency (p50 and
 * p99) within 2x the healthy figure. Exits non-zero when the goal is missed or a request fails.
 *
 * Atrium runs in this process on a fresh database of the PostgreSQL at 127.0.0.1:5432, with Redis
 * at BENCH_REDIS_URL (default redis://127.0.0.1:6379/0) behind the proxy; autocannon runs in a
 * process of its own.
 *
 *   npm run bench -- redis-outage
 *   BENCH_SECONDS=1 BENCH_ROUNDS=2 node -r @swc-node/register bench/redis-outage.bench.ts   (short)
 */
import 'reflect-metadata';
import type { Kernel } from '../kernel/kernel';
import type { TestDatabase } from '../test/support/database';
import { startTcpProxy, throughProxy, type TcpProxy } from '../test/support/tcp-proxy';
import {
  BENCH_ADMIN_PASSWORD,
  RUN_HEADER,
  bootAtrium,
  failuresOf,
  fixed,
  loginBearer,
  median,
  postgresDatabase,
  runAutocannon,
  runRow,
  table,
  type LoadResult,
} from './support';

const GOAL = 2;
const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const PATH = '/api/v1/me';

async function main(): Promise<void> {
  const target = new URL(REDIS_URL);
  const proxy: TcpProxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
  const database: TestDatabase = await postgresDatabase();
  let kernel: Kernel | undefined;
  try {
    kernel = await bootAtrium(database, { REDIS_URL: throughProxy(REDIS_URL, proxy) });
    const settings = {
      url: `${kernel.url}${PATH}`,
      connections: CONNECTIONS,
      durationSeconds: SECONDS,
      headers: { Authorization: await loginBearer(kernel.url, 'admin', BENCH_ADMIN_PASSWORD) },
    };
    const healthy = async () => {
      proxy.restore();
      await readiness(kernel!.url, 200);
    };
    const outage = async () => {
      proxy.cut();
      await readiness(kernel!.url, 503);
    };
    await healthy();
    await runAutocannon({ ...settings, durationSeconds: WARMUP_SECONDS });
    await outage();
    await runAutocannon({ ...settings, durationSeconds: WARMUP_SECONDS });
    const results = { healthy: [] as LoadResult[], outage: [] as LoadResult[] };
    for (let round = 0; round < ROUNDS; round++) {
      await healthy();
      results.healthy.push(await runAutocannon(settings));
      await outage();
      results.outage.push(await runAutocannon(settings));
    }
    proxy.restore();

    const rows = [RUN_HEADER];
    results.healthy.forEach((r, i) => rows.push(runRow(`redis healthy #${i + 1}`, r), runRow(`redis cut #${i + 1}`, results.outage[i])));
    const p50 = median(results.outage.map((r) => r.latencyP50Ms)) / median(results.healthy.map((r) => r.latencyP50Ms));
    const p99 = median(results.outage.map((r) => r.latencyP99Ms)) / median(results.healthy.map((r) => r.latencyP99Ms));
    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating healthy / cut, loopback`);
    console.log(table(rows));
    console.log(`GET /me latency with Redis cut = ${fixed(p50, 2)} x healthy at p50, ${fixed(p99, 2)} x at p99 (medians of the rounds)`);
    const met = p50 <= GOAL && p99 <= GOAL;
    console.log(`goal <= ${GOAL}x: ${met ? 'met' : 'NOT met'}`);
    if (!met) process.exitCode = 1;
    const failures = failuresOf([...results.healthy, ...results.outage]);
    if (failures > 0) {
      console.log(`INVALID: ${failures} requests did not answer 2xx; the figures above do not measure GET /me`);
      process.exitCode = 1;
    }
  } finally {
    proxy.restore();
    await kernel?.stop();
    await database.cleanup();
    await proxy.close();
  }
}

/** Waits until /ready answers `status`: the instance has noticed the cut, or Redis is back. */
async function readiness(baseUrl: string, status: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await fetch(`${baseUrl}/api/v1/system/ready`)).status !== status) {
    if (Date.now() > deadline) throw new Error(`/ready did not answer ${status} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
