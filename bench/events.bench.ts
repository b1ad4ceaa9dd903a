/**
 * GET /api/v1/me/events — Server-Sent Events, a response that never ends — held open 1,000 times
 * on one Atrium instance, two figures:
 *
 * 1. Memory: the server's resident set size with 1,000 streams open, each sent two heartbeats
 *    or more (EVENTS_HEARTBEAT_MS=1000), minus the same process's RSS just before they were
 *    opened, after a warm-up; per stream. Goal: at most 3 MB a stream (printed in KB). Nothing
 *    else runs in between, so the embedded database's heap, in the same process, stays put.
 * 2. Latency: the p99 of GET /api/v1/me under autocannon with the 1,000 streams open, as a ratio
 *    of its p99 on the same server with none open; rounds alternate (none; 1,000 opened, measured,
 *    closed), each run a second after the streams are counted open or closed by the server's
 *    atrium_event_streams. Goal: at most 1.5x (medians of the rounds).
 *
 * The baseline is fair: the same process, database, caller and autocannon settings, measured in
 * the same run; only the open streams differ. A heartbeat every second (not the default 15 s)
 * writes to all of them several times in each run: the harsher case, and the one worth knowing.
 * Atrium runs in a process of its own (bench/atrium-process.ts: production mode, rate limit out
 * of reach) on the embedded database, or on a fresh one on the PostgreSQL of DATABASE_URL;
 * autocannon in another. This process holds the streams, one socket each, all with one login's
 * access token, and reads and discards them. BENCH_STREAMS and BENCH_HEARTBEAT_MS override.
 *
 *   npm run bench -- events
 *   BENCH_SECONDS=2 BENCH_ROUNDS=3 npm run bench -- events   (short, as CI runs it)
 */
import http from 'node:http';
import { createTestDatabase } from '../test/support/database';
import { startAtrium } from './atrium-process';
import { assertGoal, assertNoFailures } from './goals';
import type { ServerProcess } from './server-process';
import { BENCH_ADMIN_PASSWORD, RUN_HEADER, failuresOf, fixed, loginBearer, median, runAutocannon, runRow, table, type LoadResult } from './support';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const RSS_GOAL_KB = 3 * 1024;
const P99_GOAL = 1.5;
const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const HEARTBEAT_MS = Number(process.env.BENCH_HEARTBEAT_MS ?? 1000);
/** Streams opened at once: the server's listen backlog (511) must not drop connections. */
const OPEN_BATCH = 100;
const ME = '/api/v1/me';
const EVENTS = '/api/v1/me/events';

interface Stream {
  request: http.ClientRequest;
  heartbeats: number;
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const streams: Stream[] = [];
  let server: ServerProcess | undefined;
  try {
    server = await startAtrium({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, env: { EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
    const baseUrl = server.url;
    const bearer = await loginBearer(baseUrl, 'admin', BENCH_ADMIN_PASSWORD);
    const load = { url: baseUrl + ME, connections: CONNECTIONS, durationSeconds: SECONDS, headers: { Authorization: bearer } };
    // Each waits until the server counts the streams (atrium_event_streams), then a second: the
    // work of opening or closing a thousand is not what either run measures.
    const open = async () => {
      streams.push(...(await openStreams(baseUrl, bearer, agent, STREAMS)));
      await untilGauge(baseUrl, STREAMS);
      await sleep(1000);
    };
    const close = async () => {
      for (const stream of streams.splice(0)) stream.request.destroy();
      await untilGauge(baseUrl, 0);
      await sleep(1000);
    };
    console.log(`server: pid ${server.pid}, ${database.databaseUrl ? 'PostgreSQL' : 'embedded database'}, EVENTS_HEARTBEAT_MS=${HEARTBEAT_MS}`);

    // Warm-up: the route's code, a few streams opened and closed, GET /me under load.
    streams.push(...(await openStreams(baseUrl, bearer, agent, 10)));
    await close();
    await runAutocannon({ ...load, durationSeconds: WARMUP_SECONDS });

    const before = await settledRss(server);
    await open();
    await sleep(2.5 * HEARTBEAT_MS);
    const memory = { before, after: await settledRss(server), beats: Math.min(...streams.map((s) => s.heartbeats)) };
    if (memory.beats < 2) throw new Error(`a stream received ${memory.beats} heartbeats, not at least 2`);
    await runAutocannon({ ...load, durationSeconds: WARMUP_SECONDS });
    await close();
    await runAutocannon({ ...load, durationSeconds: WARMUP_SECONDS });

    const results = { none: [] as LoadResult[], open: [] as LoadResult[] };
    for (let round = 0; round < ROUNDS; round++) {
      results.none.push(await runAutocannon(load));
      await open();
      results.open.push(await runAutocannon(load));
      await close();
    }
    report(memory, results);
  } finally {
    for (const stream of streams) stream.request.destroy();
    agent.destroy();
    await server?.stop();
    await database.cleanup();
  }
}

/**
 * Opens `count` streams, OPEN_BATCH at a time, each read and discarded (its heartbeats counted);
 * throws unless every one answers 200 text/event-stream.
 */
async function openStreams(baseUrl: string, bearer: string, agent: http.Agent, count: number): Promise<Stream[]> {
  const opened: Stream[] = [];
  const openOne = () =>
    new Promise<Stream>((resolve, reject) => {
      const request = http.get(baseUrl + EVENTS, { agent, headers: { Authorization: bearer, Accept: 'text/event-stream' } });
      const stream: Stream = { request, heartbeats: 0 };
      request.once('error', reject);
      request.once('response', (res) => {
        const type = res.headers['content-type'] ?? '';
        if (res.statusCode !== 200 || !type.startsWith('text/event-stream')) {
          res.resume();
          return reject(new Error(`GET ${EVENTS} answered ${res.statusCode} ${type}`));
        }
        // Destroyed by close(): the error that follows is ours.
        request.removeListener('error', reject).on('error', () => undefined);
        res.on('error', () => undefined);
        res.on('data', (chunk: Buffer) => {
          stream.heartbeats += chunk.toString('latin1').split(': heartbeat\n').length - 1;
        });
        resolve(stream);
      });
    });
  try {
    for (let at = 0; at < count; at += OPEN_BATCH) {
      const batch = await Promise.allSettled(Array.from({ length: Math.min(OPEN_BATCH, count - at) }, openOne));
      for (const result of batch) if (result.status === 'fulfilled') opened.push(result.value);
      const refused = batch.find((result) => result.status === 'rejected');
      if (refused) throw new Error(`${opened.length} of ${count} streams opened: ${String(refused.reason)}`);
    }
    return opened;
  } catch (error) {
    for (const stream of opened) stream.request.destroy();
    throw error;
  }
}

/** Waits until the server's atrium_event_streams gauge reads `count`: it holds (or has let go of) them all. */
async function untilGauge(baseUrl: string, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = await (await fetch(`${baseUrl}/metrics`)).text();
    const open = Number(/^atrium_event_streams (\d+)$/m.exec(text)?.[1]);
    if (open === count) return;
    if (Date.now() > deadline) throw new Error(`the server holds ${open} event streams, not ${count}, after 10 s`);
    await sleep(50);
  }
}

/** The median of the server's RSS sampled over half a second, after a second to settle. */
async function settledRss(server: ServerProcess): Promise<number> {
  await sleep(1000);
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    samples.push(server.rssBytes());
    await sleep(50);
  }
  return median(samples);
}

function report({ before, after, beats }: { before: number; after: number; beats: number }, results: { none: LoadResult[]; open: LoadResult[] }): void {
  const MiB = 1024 * 1024;
  const perStreamKb = (after - before) / STREAMS / 1024;
  console.log(`server RSS: ${fixed(before / MiB)} MiB before, ${fixed(after / MiB)} MiB with ${STREAMS} streams open (each sent ${beats} heartbeats or more)`);
  assertGoal({
    name: `RSS growth per open stream (${fixed((after - before) / MiB)} MiB for ${STREAMS})`,
    figure: `${fixed(perStreamKb)} KB`,
    goal: `<= ${RSS_GOAL_KB} KB`,
    met: perStreamKb <= RSS_GOAL_KB,
  });

  const rows = [RUN_HEADER];
  results.none.forEach((r, i) => rows.push(runRow(`no streams #${i + 1}`, r), runRow(`${STREAMS} streams #${i + 1}`, results.open[i])));
  console.log(
    `\nGET ${ME}: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating none / ${STREAMS} streams open, loopback`,
  );
  console.log(table(rows));
  const ratioOf = (pick: (r: LoadResult) => number) => median(results.open.map(pick)) / median(results.none.map(pick));
  const p99 = ratioOf((r) => r.latencyP99Ms);
  const [p50, rps] = [ratioOf((r) => r.latencyP50Ms), ratioOf((r) => r.requestsPerSecond)];
  console.log(`with ${STREAMS} streams open: p50 ${fixed(p50, 2)}x, req/s ${fixed(rps, 2)}x none open`);
  console.log(`each round's p99 ratio: ${results.open.map((r, i) => fixed(r.latencyP99Ms / results.none[i].latencyP99Ms, 2)).join(', ')}`);
  assertGoal({
    name: `GET /me p99 with ${STREAMS} streams open vs none (medians of the rounds)`,
    figure: `${fixed(p99, 2)}x`,
    goal: `<= ${P99_GOAL}x`,
    met: p99 <= P99_GOAL,
  });
  assertNoFailures(failuresOf([...results.none, ...results.open]), `GET ${ME}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
