/**
 * Boot-to-ready time of the server process, as a ratio of a baseline measured in the same run:
 * a bare express 5 server process (bench/fixtures/bare-server.ts) started the same way, timed
 * from spawn to its first answer. The kernel is timed from spawn to the first 200 from
 * GET /api/v1/system/ready:
 *
 * - on PostgreSQL: a fresh database on 127.0.0.1:5432 per run (so every run applies every
 *   migration), skipped when no server answers there (BENCH_POSTGRES_URL overrides the address);
 * - on the embedded database with a warm data directory: initdb and the migrations ran in an
 *   untimed first boot, so what is timed is opening an existing data directory.
 *
 * Each process is started as `npm start` starts the server (node with the TypeScript loader).
 *
 *   node -r @swc-node/register bench/boot.bench.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../test/support/free-port';
import { fixed, median, table } from './support';

const ROOT = path.resolve(__dirname, '..');
const RUNS = Number(process.env.BENCH_BOOT_RUNS ?? 3);
const BOOT_TIMEOUT_MS = 60_000;
const POLL_MS = 10;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOADER = ['-r', require.resolve('@swc-node/register')];

interface Target {
  entry: string;
  env: NodeJS.ProcessEnv;
}

/** Spawns the process and polls the ready path until it answers 200; returns ms, then stops it. */
async function timeToReady(target: Target): Promise<number> {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [...LOADER, target.entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...target.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  try {
    for (;;) {
      if (exited !== undefined) throw new Error(`${target.entry} exited with ${exited} before it was ready: ${stderr.trim()}`);
      if ((await status(port)) === 200) return Number(process.hrtime.bigint() - started) / 1e6;
      if (Number(process.hrtime.bigint() - started) / 1e6 > BOOT_TIMEOUT_MS)
        throw new Error(`${target.entry} not ready after ${BOOT_TIMEOUT_MS} ms: ${stderr.trim()}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await stop(child);
  }
}

function status(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/system/ready', agent: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(undefined));
    req.on('timeout', () => req.destroy());
  });
}

/** SIGTERM, as an orchestrator stops it; the embedded database must close its data dir cleanly. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function postgresReachable(): Promise<boolean> {
  const client = new Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function timeOnPostgres(dataDir: string): Promise<number> {
  const name = `atrium_bench_${crypto.randomBytes(5).toString('hex')}`;
  await withServer((c) => c.query(`create database ${name}`));
  try {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return await timeToReady({ entry: 'kernel/main.ts', env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir } });
  } finally {
    await withServer((c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

async function main(): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-boot-'));
  try {
    const bare: Target = { entry: 'bench/fixtures/bare-server.ts', env: {} };
    const embedded: Target = { entry: 'kernel/main.ts', env: { DATA_DIR: path.join(scratch, 'embedded') } };
    // Untimed: fills the loader's transform cache, and runs initdb and every migration once.
    await timeToReady(bare);
    const cold = await timeToReady(embedded);

    const rows: string[][] = [['process', 'runs', 'median ms', 'min ms', 'x baseline']];
    const baseline: number[] = [];
    const warm: number[] = [];
    const postgres: number[] = [];
    const pgUp = await postgresReachable();
    // Interleaved, so a slow moment of the machine does not land on one kind only.
    for (let run = 0; run < RUNS; run++) {
      baseline.push(await timeToReady(bare));
      warm.push(await timeToReady(embedded));
      if (pgUp) postgres.push(await timeOnPostgres(path.join(scratch, 'pg-data')));
    }
    const base = median(baseline);
    const row = (label: string, times: number[]) =>
      rows.push([label, String(times.length), fixed(median(times)), fixed(Math.min(...times)), `${fixed(median(times) / base, 2)}x`]);
    row('baseline: bare express 5, spawn to first answer', baseline);
    row('kernel, embedded database, warm data dir', warm);
    if (pgUp) row('kernel, PostgreSQL, fresh database', postgres);
    console.log(table(rows));
    console.log(`(untimed first boot on an empty embedded data dir, initdb included: ${fixed(cold, 0)} ms)`);
    if (!pgUp) console.log(`PostgreSQL: skipped, nothing answers at ${new URL(POSTGRES_URL).host}`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
