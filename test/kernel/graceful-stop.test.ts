import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { freePort } from '../support/free-port';
import { fixture } from '../support/server';
import { ModuleFolders, entry } from './support/module-folder';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
type LogLine = Record<string, unknown>;

/**
 * The real server, as `npm start` runs it, in a child process: a request is in flight when
 * SIGTERM arrives. What happened is recorded once in `before`, and each `it` checks one part.
 */
describe('stopping the server on SIGTERM', () => {
  let database: TestDatabase;
  let folders: ModuleFolders;
  let child: ChildProcess | undefined;
  const logs: LogLine[] = [];
  let stderr = '';
  const seen: { slow?: { status: number; body: string }; refused?: string; exitCode?: number | null } = {};

  /** Resolves with the first log line (already written or still to come) that `match` accepts. */
  function logLine(match: (line: LogLine) => boolean, timeoutMs = 45_000): Promise<LogLine> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const poll = setInterval(() => {
        const found = logs.find(match);
        if (found) {
          clearInterval(poll);
          resolve(found);
        } else if (Date.now() - started > timeoutMs || child?.exitCode !== null) {
          clearInterval(poll);
          reject(new Error(`no such log line; stderr:\n${stderr}`));
        }
      }, 20);
    });
  }

  before(async () => {
    database = await createTestDatabase();
    folders = new ModuleFolders();
    // Depends on slowpoke, so it starts after it and must stop before it.
    const lingerer = folders.write('lingerer', {
      manifest: { dependsOn: ['slowpoke'] },
      files: {
        'index.ts': entry(`  start: (ctx) => ctx.log.info({ hook: 'start' }, 'hook ran'),\n  stop: (ctx) => ctx.log.info({ hook: 'stop' }, 'hook ran'),`),
      },
    });
    const port = await freePort();
    child = spawn(process.execPath, ['-r', '@swc-node/register', 'kernel/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
        MODULE_PATH: [fixture('slowpoke'), lingerer].join(':'),
        SHUTDOWN_TIMEOUT_MS: '10000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.trim()) logs.push(JSON.parse(line) as LogLine);
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));

    await logLine((l) => l.msg === 'atrium is ready');
    const slow = request(port, '/api/v1/slowpoke/wait?ms=1500');
    await logLine((l) => l.msg === 'slow request started');
    child.kill('SIGTERM');
    await logLine((l) => l.msg === 'stopping: draining requests');
    seen.refused = await connectionOutcome(port);
    seen.slow = await slow;
    seen.exitCode = await exited;
  });

  after(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    folders.remove();
    await database.cleanup();
  });

  it('lets the request in flight finish with 200', () => {
    expect(seen.slow).to.deep.include({ status: 200 });
    expect(JSON.parse(seen.slow!.body).data).to.deep.equal({ waited: 1500 });
  });

  it('refuses new connections once SIGTERM arrived', () => {
    expect(seen.refused).to.equal('ECONNREFUSED');
  });

  it('runs the stop hooks after the request in flight answered, in reverse load order', () => {
    const starts = logs.filter((l) => l.hook === 'start').map((l) => l.module);
    const stops = logs.filter((l) => l.hook === 'stop').map((l) => l.module);
    expect(starts).to.deep.equal(['slowpoke', 'lingerer']);
    expect(stops).to.deep.equal(['lingerer', 'slowpoke']);
    const answered = logs.findIndex((l) => l.msg === 'request' && l.route === '/api/v1/slowpoke/wait');
    const firstStop = logs.findIndex((l) => l.hook === 'stop');
    expect(answered).to.be.greaterThan(-1);
    expect(answered).to.be.lessThan(firstStop);
  });

  it('exits with status 0', () => {
    expect(seen.exitCode, stderr).to.equal(0);
  });
});

/** A GET on a connection of its own (no keep-alive pool to reuse). */
function request(port: number, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** 'connected', or the error code of a refused connection. */
function connectionOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
