/** Small helpers the benchmarks share: a load generator in its own process, statistics, output. */
import { spawn } from 'node:child_process';

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
    '-c', String(options.connections),
    '-d', String(options.durationSeconds),
    '-p', String(options.pipelining ?? 1),
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
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
