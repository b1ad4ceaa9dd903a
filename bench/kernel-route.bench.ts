/**
 * Throughput of a trivial kernel route through the whole request pipeline, as a ratio of a bare
 * express 5 route answering the same JSON. Goal: at least 0.5.
 *
 * The kernel route (bench/fixtures/modules/bench) is protected, so every request runs what every
 * module's request runs: trace id, access log (pino at `info`, to a destination that discards),
 * metrics, helmet headers, rate limit (limit set out of reach, so the counter runs but never
 * refuses), authentication (the test-auth fixture's `auth.authenticator`), the permission check,
 * query validation, the handler and the envelope. Both servers live in this process and are
 * measured one after the other, alternately, with the same autocannon settings; autocannon runs
 * in a process of its own.
 *
 *   npm run bench            (all benchmarks)
 *   node -r @swc-node/register bench/kernel-route.bench.ts
 */
import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import pino from 'pino';
import { boot } from '../kernel/boot';
import type { Kernel } from '../kernel/kernel';
import { createLogger } from '../kernel/logging/logger';
import { createTestDatabase } from '../test/support/database';
import { fixture, tokenFor } from '../test/support/server';
import { bareApp, listen } from './fixtures/bare-express';
import { BENCH_ADMIN_PASSWORD, BENCH_JWT_SECRET, fixed, runAutocannon, table, type LoadResult } from './support';

const GOAL = 0.5;
const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = 3;
const TOKEN = tokenFor('bench', ['bench:ping:query']);

async function main(): Promise<void> {
  const database = await createTestDatabase();
  // pino's default destination is a synchronous write to stdout; this is the same, to /dev/null.
  const log = createLogger('info', pino.destination({ dest: os.devNull, sync: true }));
  let kernel: Kernel | undefined;
  let bare: Server | undefined;
  try {
    kernel = await boot({
      env: { NODE_ENV: 'production', ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, JWT_SECRET: BENCH_JWT_SECRET },
      logger: log,
      config: {
        host: '127.0.0.1',
        port: 0,
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
        modulePaths: [fixture('test-auth'), path.join(__dirname, 'fixtures', 'modules')],
        rateLimit: { points: 1_000_000_000, windowSeconds: 60 },
        shutdownTimeoutMs: 2000,
      },
    });
    bare = await listen(bareApp());
    const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/api/v1/bench/ping`;
    const kernelUrl = `${kernel.url}/api/v1/bench/ping`;
    const headers = { Authorization: TOKEN };
    await checkSameAnswer(bareUrl, kernelUrl, headers);

    const settings = { connections: CONNECTIONS, durationSeconds: SECONDS, headers };
    const results: { bare: LoadResult[]; kernel: LoadResult[] } = { bare: [], kernel: [] };
    await runAutocannon({ ...settings, url: bareUrl, durationSeconds: WARMUP_SECONDS });
    await runAutocannon({ ...settings, url: kernelUrl, durationSeconds: WARMUP_SECONDS });
    for (let round = 0; round < ROUNDS; round++) {
      results.bare.push(await runAutocannon({ ...settings, url: bareUrl }));
      results.kernel.push(await runAutocannon({ ...settings, url: kernelUrl }));
    }
    report(results);
  } finally {
    await new Promise((resolve) => (bare ? bare.close(resolve) : resolve(undefined)));
    await kernel?.stop();
    await database.cleanup();
  }
}

/** Both answer 200 with the same JSON (trace ids aside); the kernel refuses a missing token. */
async function checkSameAnswer(bareUrl: string, kernelUrl: string, headers: Record<string, string>): Promise<void> {
  const strip = (body: Record<string, unknown>) => JSON.stringify({ ...body, traceId: typeof body.traceId });
  const bare = await fetch(bareUrl);
  const kernel = await fetch(kernelUrl, { headers });
  const bareBody = (await bare.json()) as Record<string, unknown>;
  const kernelBody = (await kernel.json()) as Record<string, unknown>;
  if (bare.status !== 200 || kernel.status !== 200 || strip(bareBody) !== strip(kernelBody)) {
    throw new Error(
      `the two routes must answer the same: bare ${bare.status} ${JSON.stringify(bareBody)}, kernel ${kernel.status} ${JSON.stringify(kernelBody)}`,
    );
  }
  const anonymous = await fetch(kernelUrl);
  if (anonymous.status !== 401) throw new Error(`the kernel route must be protected, but answered ${anonymous.status} without a token`);
}

function report(results: { bare: LoadResult[]; kernel: LoadResult[] }): void {
  const total = (runs: LoadResult[]) => runs.reduce((sum, r) => sum + r.requestsPerSecond, 0) / runs.length;
  const bareRps = total(results.bare);
  const kernelRps = total(results.kernel);
  const ratio = kernelRps / bareRps;
  const rows: string[][] = [['run', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors']];
  results.bare.forEach((bare, i) => {
    const kernel = results.kernel[i];
    rows.push([
      `bare express #${i + 1}`,
      fixed(bare.requestsPerSecond, 0),
      fixed(bare.latencyP50Ms),
      fixed(bare.latencyP99Ms),
      String(bare.non2xx),
      String(bare.errors + bare.timeouts),
    ]);
    rows.push([
      `kernel route #${i + 1}`,
      fixed(kernel.requestsPerSecond, 0),
      fixed(kernel.latencyP50Ms),
      fixed(kernel.latencyP99Ms),
      String(kernel.non2xx),
      String(kernel.errors + kernel.timeouts),
    ]);
  });
  console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating, loopback`);
  console.log(table(rows));
  const failures = [...results.bare, ...results.kernel].reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  console.log(`kernel route throughput = ${fixed(ratio, 2)} x bare express 5 (${fixed(kernelRps, 0)} / ${fixed(bareRps, 0)} req/s)`);
  console.log(`goal >= ${GOAL}: ${ratio >= GOAL ? 'met' : 'NOT met'}`);
  if (failures > 0) {
    console.log(`INVALID: ${failures} requests did not answer 2xx; the figures above do not measure the route`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
