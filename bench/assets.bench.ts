/**
 * Uploads, two figures, each against a baseline measured in the same run:
 *
 * 1. Throughput of POST /assets — a 10 MiB PNG as multipart/form-data, one upload at a time,
 *    each streamed to the local store (size, sha256 and type checked on the way) and recorded —
 *    as a ratio of writing the same 10 MiB to a file with `fs` in this process, chunk by chunk,
 *    on the same disk (both under the system's temporary folder). Alternated, ROUNDS times.
 * 2. The server's memory while ten 10 MiB uploads run at once: its peak resident set size,
 *    sampled every few milliseconds from /proc, as a ratio of its idle RSS (sampled for a second
 *    after a warm-up upload). Goal: under 1.5×, i.e. uploads are streamed, never held whole.
 *
 * The server is a child process started as `npm start` starts it (test/support/server-process),
 * so its RSS is the server's alone: production mode, the built-in modules, logs at `warn`, on a
 * fresh database of the PostgreSQL at 127.0.0.1:5432 (BENCH_POSTGRES_URL overrides; dropped at
 * the end) — the embedded database would run inside the server process and its WebAssembly heap
 * would swamp the figure. Its DATA_DIR, where the local store writes, is a fresh folder under
 * the system's temporary folder. The uploads are sent from this process over keep-alive
 * connections on loopback.
 *
 *   npm run bench -- assets
 *   node -r @swc-node/register bench/assets.bench.ts
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { multipart } from '../test/assets/multipart';
import { PNG } from '../test/assets/samples';
import { startServerProcess, type ServerProcess } from '../test/support/server-process';
import { BENCH_ADMIN_PASSWORD, BENCH_JWT_SECRET, fixed, loginBearer, median, postgresDatabase, table } from './support';

const MiB = 1024 * 1024;
const FILE_BYTES = 10 * MiB;
const UPLOADS_PER_ROUND = Number(process.env.BENCH_UPLOADS ?? 10);
const ROUNDS = 3;
const CONCURRENT = 10;
const CHUNK_BYTES = 64 * 1024;
const SAMPLE_EVERY_MS = 5;
const MEMORY_GOAL = 1.5;

/** A 1×1 PNG, then random bytes up to `bytes`: an image the type check accepts, of any size. */
function pngOf(bytes: number): Buffer {
  const file = crypto.randomBytes(bytes);
  PNG.copy(file);
  return file;
}

async function main(): Promise<void> {
  const content = pngOf(FILE_BYTES);
  const database = await postgresDatabase();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-fs-'));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENT });
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      NODE_ENV: 'production',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      JWT_SECRET: BENCH_JWT_SECRET,
      DATABASE_URL: database.databaseUrl!,
      DATA_DIR: database.dataDir,
      RATE_LIMIT_POINTS: '1000000',
    });
    const bearer = await loginBearer(server.url, 'admin', BENCH_ADMIN_PASSWORD);
    const send = uploader(server.url, bearer, content, agent);
    console.log(`server: pid ${server.pid}, PostgreSQL, local storage in ${database.dataDir}`);

    // Memory first, so that idle is a server that has served one small upload (its code
    // loaded) and nothing big yet: RSS rarely shrinks once grown.
    await uploader(server.url, bearer, PNG, agent)();
    const idle = await idleRss(server.pid);
    const peaks: number[] = [];
    for (let round = 0; round < ROUNDS; round++) peaks.push(await peakRssDuring(server.pid, () => Promise.all(Array.from({ length: CONCURRENT }, send))));
    reportMemory(idle, peaks);

    await writeFile(scratch, content);
    const rounds: { fs: number; upload: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const fsRate = await rate(() => writeFile(scratch, content));
      const uploadRate = await rate(send);
      rounds.push({ fs: fsRate, upload: uploadRate });
    }
    reportThroughput(rounds);
  } finally {
    agent.destroy();
    await server?.stop();
    await database.cleanup();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** One POST /assets of `content`; throws unless it answers 201. */
function uploader(baseUrl: string, bearer: string, content: Buffer, agent: http.Agent): () => Promise<void> {
  const { contentType, body } = multipart([{ name: 'file', filename: 'bench.png', content, contentType: 'image/png' }]);
  return () =>
    new Promise((resolve, reject) => {
      const req = http.request(new URL('/api/v1/assets', baseUrl), {
        method: 'POST',
        agent,
        headers: { Authorization: bearer, 'Content-Type': contentType, 'Content-Length': String(body.length) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => (res.statusCode === 201 ? resolve() : reject(new Error(`POST /assets answered ${res.statusCode}: ${text}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
}

/** The baseline: the same bytes to a new file, in the chunk size a socket delivers them. */
async function writeFile(dir: string, content: Buffer): Promise<void> {
  const file = path.join(dir, crypto.randomUUID());
  const chunks = function* () {
    for (let at = 0; at < content.length; at += CHUNK_BYTES) yield content.subarray(at, at + CHUNK_BYTES);
  };
  await pipeline(Readable.from(chunks()), fs.createWriteStream(file));
  fs.rmSync(file);
}

/** MiB per second over UPLOADS_PER_ROUND runs of `work`, one after the other. */
async function rate(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < UPLOADS_PER_ROUND; i++) await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return (UPLOADS_PER_ROUND * FILE_BYTES) / MiB / seconds;
}

/** The process's resident set size in bytes, from /proc (Linux). */
function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb[1]) * 1024;
}

/** The median RSS over a second of doing nothing, after a second to settle. */
async function idleRss(pid: number): Promise<number> {
  await sleep(1000);
  const samples: number[] = [];
  for (let i = 0; i < 50; i++) {
    samples.push(rss(pid));
    await sleep(20);
  }
  return median(samples);
}

/** The highest RSS sampled while `work` runs. */
async function peakRssDuring(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = rss(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), SAMPLE_EVERY_MS);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, rss(pid));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes: number) => fixed(bytes / MiB, 1);

function reportThroughput(rounds: { fs: number; upload: number }[]): void {
  console.log(`\nthroughput: ${UPLOADS_PER_ROUND} files of ${FILE_BYTES / MiB} MiB per run, one at a time; ${ROUNDS} rounds alternating`);
  console.log(
    table([
      ['round', 'fs write MiB/s', 'POST /assets MiB/s', 'ratio'],
      ...rounds.map((r, i) => [`#${i + 1}`, fixed(r.fs, 0), fixed(r.upload, 0), fixed(r.upload / r.fs, 2)]),
    ]),
  );
  const fsMean = rounds.reduce((sum, r) => sum + r.fs, 0) / rounds.length;
  const uploadMean = rounds.reduce((sum, r) => sum + r.upload, 0) / rounds.length;
  console.log(`upload = ${fixed(uploadMean / fsMean, 2)} x fs write (${fixed(uploadMean, 0)} / ${fixed(fsMean, 0)} MiB/s)`);
}

function reportMemory(idle: number, peaks: number[]): void {
  console.log(`server memory: ${CONCURRENT} uploads of ${FILE_BYTES / MiB} MiB at once (RSS sampled every ${SAMPLE_EVERY_MS} ms), ${ROUNDS} rounds`);
  console.log(table([['', 'RSS MiB', 'x idle'], ['idle', mib(idle), '1.00'], ...peaks.map((p, i) => [`peak #${i + 1}`, mib(p), fixed(p / idle, 2)])]));
  const worst = Math.max(...peaks) / idle;
  console.log(`in flight: ${(CONCURRENT * FILE_BYTES) / MiB} MiB; the server grew by ${mib(Math.max(...peaks) - idle)} MiB at most`);
  console.log(`peak = ${fixed(worst, 2)} x idle (goal < ${MEMORY_GOAL}: ${worst < MEMORY_GOAL ? 'met' : 'NOT met'})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
