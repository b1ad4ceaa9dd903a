/**
 * A server in a process of its own, started as `npm start` starts Atrium (node with the
 * TypeScript loader, PORT and HOST in its environment), ready once a path answers 200. The
 * benchmarks run every server they compare this way, so none shares an event loop, a heap or a
 * JIT with another, or with the process that measures them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '../test/support/free-port';

const ROOT = path.resolve(__dirname, '..');
const LOADER = ['-r', require.resolve('@swc-node/register')];
const BOOT_TIMEOUT_MS = 300_000;
const POLL_MS = 10;
const READY_PATH = '/api/v1/system/ready';

/**
 * Every server still running. A benchmark stopped from outside (run.ts's timeout, Ctrl-C) takes
 * them with it rather than leaving servers behind that hold ports and load the machine.
 */
const running = new Set<ChildProcess>();
const killAll = () => running.forEach((child) => child.kill('SIGKILL'));
process.once('exit', killAll);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(1);
  });
}

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 from the ready path. */
  bootMs: number;
  /** The process's resident set size now, in bytes (Linux: /proc). */
  rssBytes(): number;
  /** SIGTERM, as an orchestrator stops a server; SIGKILL if it has not exited 20 s later. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** The entry file, relative to the repository root (`kernel/main.ts`). */
  entry: string;
  /** Added to a minimal environment (PATH, HOME); PORT and HOST are set here. */
  env?: NodeJS.ProcessEnv;
  /** Polled until it answers 200; the kernel's readiness path unless given. */
  readyPath?: string;
  /** The checkout the entry is in, and the process's working directory: this one unless given. */
  root?: string;
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const elapsedMs = () => Number(process.hrtime.bigint() - started) / 1e6;
  const child = spawn(process.execPath, [...LOADER, options.entry], {
    cwd: options.root ?? ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    // stdout (a server's log) goes to /dev/null: a synchronous write that costs what a real one does.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Kept for the error while it boots; passed on once it serves, so a failure under load shows.
  let stderr = '';
  let ready = false;
  child.stderr?.on('data', (chunk: Buffer) => (ready ? process.stderr.write(chunk) : (stderr += chunk.toString('utf8'))));
  running.add(child);
  let exited: number | null | undefined;
  let stopping = false;
  child.once('exit', (code, signal) => {
    running.delete(child);
    exited = code;
    if (ready && !stopping) process.stderr.write(`${options.entry} (pid ${child.pid}) exited with ${code ?? signal} while serving\n`);
  });
  try {
    for (;;) {
      if (exited !== undefined) throw new Error(`${options.entry} exited with ${exited} before it was ready: ${stderr.trim()}`);
      if ((await statusOf(port, options.readyPath ?? READY_PATH)) === 200) break;
      if (elapsedMs() > BOOT_TIMEOUT_MS) throw new Error(`${options.entry} not ready after ${BOOT_TIMEOUT_MS} ms: ${stderr.trim()}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    await stop(child);
    throw error;
  }
  const bootMs = elapsedMs();
  ready = true;
  process.stderr.write(stderr);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    bootMs,
    rssBytes: () => rssOf(child.pid!),
    stop: () => {
      stopping = true;
      return stop(child);
    },
  };
}

function statusOf(port: number, readyPath: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: readyPath, agent: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(undefined));
    req.on('timeout', () => req.destroy());
  });
}

/** VmRSS of /proc/<pid>/status: the resident memory of the whole process, worker threads included. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kib) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kib) * 1024;
}

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
