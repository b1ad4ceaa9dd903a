/** Small helpers the benchmarks share: a load generator in its own process, statistics, output. */
import { spawn } from 'node:child_process';
import os from 'node:os';
import pino from 'pino';
import { boot } from '../kernel/boot';
import type { Kernel } from '../kernel/kernel';
import { createLogger } from '../kernel/logging/logger';
import { createTestDatabase, type TestDatabase } from '../test/support/database';

export interface LoadResult {
  /** Mean requests per second over the run. */
  requestsPerSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
  pipelining?: number;
  /** GET unless given; `body` is sent as it is (set its Content-Type in `headers`). */
  method?: string;
  body?: string;
}

/**
 * Runs autocannon's CLI in a child process: the load generator must not share the event loop of
 * the servers it measures. Loopback URLs only.
 */
export function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error(`benchmarks target loopback only, not ${url.hostname}`);
  const args = [
    require.resolve('autocannon/autocannon.js'),
    '--json',
    '-c',
    String(options.connections),
    '-d',
    String(options.durationSeconds),
    '-p',
    String(options.pipelining ?? 1),
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (options.method) args.push('-m', options.method);
  if (options.body !== undefined) args.push('-b', options.body);
  args.push(options.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err.trim()}`));
      try {
        const json = JSON.parse(out) as {
          requests: { average: number; total: number };
          non2xx: number;
          errors: number;
          timeouts: number;
          latency: { p50: number; p99: number };
        };
        resolve({
          requestsPerSecond: json.requests.average,
          requests: json.requests.total,
          non2xx: json.non2xx,
          errors: json.errors,
          timeouts: json.timeouts,
          latencyP50Ms: json.latency.p50,
          latencyP99Ms: json.latency.p99,
        });
      } catch (error) {
        reject(new Error(`cannot read autocannon's output: ${String(error)}: ${out.slice(0, 200)}`));
      }
    });
  });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('   ')).join('\n');
}

export function fixed(value: number, digits = 1): string {
  return value.toFixed(digits);
}

/** Where the database benchmarks create their databases (as boot.bench.ts: BENCH_POSTGRES_URL overrides). */
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database on the PostgreSQL server of POSTGRES_URL, dropped by `cleanup()`. */
export async function postgresDatabase(): Promise<TestDatabase> {
  // createTestDatabase targets the server of DATABASE_URL; without it, the embedded database.
  process.env.DATABASE_URL = POSTGRES_URL;
  return createTestDatabase();
}

/** The seeded administrator's password and the JWT secret the benchmarked servers run with. */
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password-1';
export const BENCH_JWT_SECRET = 'bench-jwt-secret-of-at-least-thirty-two-bytes';

/**
 * Atrium as production runs it, with the built-in modules only: NODE_ENV=production, a real
 * ADMIN_PASSWORD and JWT_SECRET, pino at `info` to a destination that discards (pino's default
 * is a synchronous write to stdout; this is the same, to /dev/null), the rate limit out of reach
 * and login failures that never lock anyone out.
 */
export async function bootAtrium(database: TestDatabase, env: Record<string, string> = {}, modulePaths: string[] = []): Promise<Kernel> {
  const kernel = await boot({
    env: {
      NODE_ENV: 'production',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      JWT_SECRET: BENCH_JWT_SECRET,
      ...env,
    },
    logger: createLogger('info', pino.destination({ dest: os.devNull, sync: true })),
    config: {
      host: '127.0.0.1',
      port: 0,
      databaseUrl: database.databaseUrl,
      dataDir: database.dataDir,
      modulePaths,
      rateLimit: { points: 1_000_000_000, windowSeconds: 60 },
      shutdownTimeoutMs: 2000,
    },
  });
  await setParam(kernel.url, 'auth.login.maxFailures', '1000');
  return kernel;
}

/** Sets a built-in param through the API, as the administrator. */
async function setParam(baseUrl: string, key: string, value: string): Promise<void> {
  const bearer = await loginBearer(baseUrl, 'admin', BENCH_ADMIN_PASSWORD);
  const found = await fetch(`${baseUrl}/api/v1/params/by-key/${encodeURIComponent(key)}`, { headers: { Authorization: bearer } });
  const param = ((await found.json()) as { data: { id: string; version: number } }).data;
  const res = await fetch(`${baseUrl}/api/v1/params/${param.id}`, {
    method: 'PUT',
    headers: { Authorization: bearer, 'Content-Type': 'application/json' },
    body: JSON.stringify({ value, version: param.version }),
  });
  if (res.status !== 200) throw new Error(`setting ${key} answered ${res.status}: ${await res.text()}`);
}

/** Logs in through POST /auth/login (to `tenant`, a code, or else the default tenant) and answers `Bearer <accessToken>`. */
export async function loginBearer(baseUrl: string, username: string, password: string, tenant?: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ tenant, username, password }),
  });
  const body = (await res.json()) as { data?: { accessToken?: string } };
  if (res.status !== 200 || !body.data?.accessToken) throw new Error(`login of ${username} answered ${res.status}: ${JSON.stringify(body)}`);
  return `Bearer ${body.data.accessToken}`;
}

/** Runs both targets alternately, `rounds` times, after a warm-up of each; answers the runs of each. */
export async function alternate(
  targets: { baseline: LoadOptions; subject: LoadOptions },
  rounds: number,
  warmupSeconds: number,
): Promise<{ baseline: LoadResult[]; subject: LoadResult[] }> {
  return rotate(targets, rounds, warmupSeconds);
}

/**
 * Runs every target in turn, `rounds` times, after a warm-up of each; answers the runs of each.
 * Taking turns spreads a slow moment of the machine over all of them rather than one.
 */
export async function rotate<Name extends string>(
  targets: Record<Name, LoadOptions>,
  rounds: number,
  warmupSeconds: number,
): Promise<Record<Name, LoadResult[]>> {
  const names = Object.keys(targets) as Name[];
  for (const name of names) await runAutocannon({ ...targets[name], durationSeconds: warmupSeconds });
  const results = Object.fromEntries(names.map((name) => [name, [] as LoadResult[]])) as Record<Name, LoadResult[]>;
  for (let round = 0; round < rounds; round++) {
    for (const name of names) results[name].push(await runAutocannon(targets[name]));
  }
  return results;
}

/** Mean requests per second over runs. */
export function meanRps(runs: readonly LoadResult[]): number {
  return runs.reduce((sum, r) => sum + r.requestsPerSecond, 0) / runs.length;
}

/** Requests that did not answer 2xx, errored or timed out, over runs. */
export function failuresOf(runs: readonly LoadResult[]): number {
  return runs.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
}

/** The table row of one run. */
export function runRow(label: string, r: LoadResult): string[] {
  return [label, fixed(r.requestsPerSecond, 0), fixed(r.latencyP50Ms), fixed(r.latencyP99Ms), String(r.non2xx), String(r.errors + r.timeouts)];
}

export const RUN_HEADER = ['run', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];

/** The ratio of each round (subject over the baseline it alternated with), to show how much they spread. */
export function roundRatios(results: { baseline: readonly LoadResult[]; subject: readonly LoadResult[] }): string {
  return results.subject.map((r, i) => fixed(r.requestsPerSecond / results.baseline[i].requestsPerSecond, 2)).join(', ');
}

/** Sets a param through the API, as an operator would: reads its id and version by key, then updates it. */
export async function setParamOver(baseUrl: string, bearer: string, key: string, value: string): Promise<void> {
  const found = await fetch(`${baseUrl}/api/v1/params/by-key/${encodeURIComponent(key)}`, { headers: { Authorization: bearer } });
  const { data } = (await found.json()) as { data: { id: string; version: number } };
  const res = await fetch(`${baseUrl}/api/v1/params/${data.id}`, {
    method: 'PUT',
    headers: { Authorization: bearer, 'Content-Type': 'application/json' },
    body: JSON.stringify({ value, version: data.version }),
  });
  if (res.status !== 200) throw new Error(`param ${key} = ${value}: ${res.status} ${await res.text()}`);
}
