/**
 * Throughput of a trivial kernel route through the whole request pipeline, as a ratio of bare
 * express 5 and of bare fastify 5 answering the same JSON. Goal: at least 0.7 of express (the
 * issue's); the ratio to fastify is printed.
 *
 * The kernel route (bench/fixtures/modules/bench) is protected, so every request runs what every
 * module's request runs: trace id, access log (pino at `info`, to stdout, which is /dev/null),
 * metrics, helmet headers, rate limit (limit set out of reach, so the counter runs but never
 * refuses), authentication (the administrator's access token from a real login: Passport runs
 * passport-jwt, whose verify callback checks the session and the user), the permission check,
 * query validation, the handler and the envelope.
 *
 * Each of the three servers runs in a process of its own (bench/server-process.ts), as does
 * autocannon; they are measured in turn, round after round, with the same settings.
 *
 *   npm run bench -- kernel-route
 *   BENCH_SECONDS=1 BENCH_ROUNDS=2 npm run bench -- kernel-route
 */
import path from 'node:path';
import { createTestDatabase } from '../test/support/database';
import { startAtrium } from './atrium-process';
import { assertGoal, assertNoFailures } from './goals';
import { startServer, type ServerProcess } from './server-process';
import { BENCH_ADMIN_PASSWORD, RUN_HEADER, failuresOf, fixed, loginBearer, meanRps, rotate, runRow, table } from './support';

const GOAL = 0.7;
const CONNECTIONS = 10;
// The kernel runs far more code than a bare server: JIT-compiled and warm, as a server in service is.
const WARMUP_SECONDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PATH = '/api/v1/bench/ping';

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const servers: ServerProcess[] = [];
  const started = async (server: Promise<ServerProcess>) => {
    servers.push(await server);
    return servers[servers.length - 1];
  };
  try {
    const express = await started(startServer({ entry: 'bench/fixtures/bare-server.ts' }));
    const fastify = await started(startServer({ entry: 'bench/fixtures/bare-fastify-server.ts' }));
    const kernel = await started(
      startAtrium({
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
        modulePaths: [path.join(__dirname, 'fixtures', 'modules')],
      }),
    );
    const headers = { Authorization: await loginBearer(kernel.url, 'admin', BENCH_ADMIN_PASSWORD) };
    await checkSameAnswer([express.url + PATH, fastify.url + PATH], kernel.url + PATH, headers);

    const settings = { connections: CONNECTIONS, durationSeconds: SECONDS, headers };
    const results = await rotate(
      {
        express: { ...settings, url: express.url + PATH },
        fastify: { ...settings, url: fastify.url + PATH },
        kernel: { ...settings, url: kernel.url + PATH },
      },
      ROUNDS,
      WARMUP_SECONDS,
    );
    const rows = [RUN_HEADER];
    results.kernel.forEach((r, i) =>
      rows.push(
        runRow(`bare express #${i + 1}`, results.express[i]),
        runRow(`bare fastify #${i + 1}`, results.fastify[i]),
        runRow(`kernel route #${i + 1}`, r),
      ),
    );
    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds in turn, loopback; each server in its own process`);
    console.log(table(rows));
    const kernelRps = meanRps(results.kernel);
    const toExpress = kernelRps / meanRps(results.express);
    const toFastify = kernelRps / meanRps(results.fastify);
    console.log(`kernel route = ${fixed(toFastify, 2)} x bare fastify 5 (${fixed(kernelRps, 0)} / ${fixed(meanRps(results.fastify), 0)} req/s)`);
    assertGoal({
      name: `kernel route vs bare express 5 (${fixed(kernelRps, 0)} / ${fixed(meanRps(results.express), 0)} req/s)`,
      figure: `${fixed(toExpress, 2)}x`,
      goal: `>= ${GOAL}x`,
      met: toExpress >= GOAL,
    });
    assertNoFailures(failuresOf([...results.express, ...results.fastify, ...results.kernel]), 'the route');
  } finally {
    for (const server of servers) await server.stop();
    await database.cleanup();
  }
}

/** All answer 200 with the same JSON (trace ids aside); the kernel refuses a missing token. */
async function checkSameAnswer(bareUrls: string[], kernelUrl: string, headers: Record<string, string>): Promise<void> {
  const answer = async (url: string, init?: RequestInit) => {
    const res = await fetch(url, init);
    const body = (await res.json()) as Record<string, unknown>;
    return `${res.status} ${JSON.stringify({ ...body, traceId: typeof body.traceId })}`;
  };
  const expected = await answer(kernelUrl, { headers });
  for (const url of bareUrls) {
    const bare = await answer(url);
    if (bare !== expected || !expected.startsWith('200 ')) throw new Error(`the routes must answer the same: ${url} ${bare}, kernel ${expected}`);
  }
  const anonymous = await fetch(kernelUrl);
  if (anonymous.status !== 401) throw new Error(`the kernel route must be protected, but answered ${anonymous.status} without a token`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
