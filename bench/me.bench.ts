/**
 * GET /api/v1/me — the caller's account, roles, permissions and data scope, as the seeded
 * administrator after a real login — as a ratio of a bare express 5 route answering the same
 * JSON (captured from Atrium's first answer), with no pipeline and no database. Goal: at least 0.5.
 *
 * Both servers live in this process, Atrium on a fresh database of the PostgreSQL at
 * 127.0.0.1:5432 (dropped at the end); they are measured one after the other, alternately, with
 * the same autocannon settings; autocannon runs in a process of its own.
 *
 *   npm run bench -- me
 *   node -r @swc-node/register bench/me.bench.ts
 */
import 'reflect-metadata';
import type { Server } from 'node:http';
import express from 'express';
import type { Kernel } from '../kernel/kernel';
import type { TestDatabase } from '../test/support/database';
import { BARE_TRACE_ID, listen } from './fixtures/bare-express';
import {
  BENCH_ADMIN_PASSWORD,
  RUN_HEADER,
  alternate,
  bootAtrium,
  failuresOf,
  fixed,
  loginBearer,
  meanRps,
  postgresDatabase,
  roundRatios,
  runRow,
  table,
} from './support';

const GOAL = 0.5;
const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PATH = '/api/v1/me';

async function main(): Promise<void> {
  const database: TestDatabase = await postgresDatabase();
  let kernel: Kernel | undefined;
  let bare: Server | undefined;
  try {
    kernel = await bootAtrium(database);
    const headers = { Authorization: await loginBearer(kernel.url, 'admin', BENCH_ADMIN_PASSWORD) };
    const kernelUrl = `${kernel.url}${PATH}`;
    const first = await fetch(kernelUrl, { headers });
    const data = ((await first.json()) as { data?: unknown }).data;
    if (first.status !== 200 || !data) throw new Error(`GET /me answered ${first.status}`);
    bare = await listen(bareMe(data));
    const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}${PATH}`;
    await checkSameAnswer(bareUrl, kernelUrl, headers);

    const settings = { connections: CONNECTIONS, durationSeconds: SECONDS, headers };
    const results = await alternate({ baseline: { ...settings, url: bareUrl }, subject: { ...settings, url: kernelUrl } }, ROUNDS, WARMUP_SECONDS);
    const rows = [RUN_HEADER];
    results.baseline.forEach((r, i) => rows.push(runRow(`bare express #${i + 1}`, r), runRow(`atrium #${i + 1}`, results.subject[i])));
    const ratio = meanRps(results.subject) / meanRps(results.baseline);
    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating, loopback`);
    console.log(table(rows));
    console.log(
      `GET /me = ${fixed(ratio, 2)} x bare express 5 answering the same JSON (${fixed(meanRps(results.subject), 0)} / ${fixed(meanRps(results.baseline), 0)} req/s)`,
    );
    console.log(`each round: ${roundRatios(results)}`);
    console.log(`goal >= ${GOAL}: ${ratio >= GOAL ? 'met' : 'NOT met'}`);
    const failures = failuresOf([...results.baseline, ...results.subject]);
    if (failures > 0) {
      console.log(`INVALID: ${failures} requests did not answer 2xx; the figures above do not measure GET /me`);
      process.exitCode = 1;
    }
  } finally {
    await new Promise((resolve) => (bare ? bare.close(resolve) : resolve(undefined)));
    await kernel?.stop();
    await database.cleanup();
  }
}

/** The baseline: express 5 answering a fixed `data` in the same envelope. */
function bareMe(data: unknown): express.Express {
  const app = express();
  app.get(PATH, (_req, res) => {
    res.json({ code: '0', message: 'OK', data, traceId: BARE_TRACE_ID });
  });
  return app;
}

/** Both answer 200 with the same JSON (trace ids aside); Atrium refuses a missing token. */
async function checkSameAnswer(bareUrl: string, kernelUrl: string, headers: Record<string, string>): Promise<void> {
  const strip = (body: Record<string, unknown>) => JSON.stringify({ ...body, traceId: typeof body.traceId });
  const [bare, kernel] = await Promise.all([fetch(bareUrl), fetch(kernelUrl, { headers })]);
  const bareBody = strip((await bare.json()) as Record<string, unknown>);
  const kernelBody = strip((await kernel.json()) as Record<string, unknown>);
  if (bare.status !== 200 || kernel.status !== 200 || bareBody !== kernelBody) {
    throw new Error(`the two must answer the same:\n  bare ${bare.status} ${bareBody}\n  atrium ${kernel.status} ${kernelBody}`);
  }
  const anonymous = await fetch(kernelUrl);
  if (anonymous.status !== 401) throw new Error(`GET /me must be protected, but answered ${anonymous.status} without a token`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
