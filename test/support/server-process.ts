/**
 * The real server as a process of its own (`node -r @swc-node/register kernel/main.ts`), for tests
 * about what crosses process boundaries: several instances, signals.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from '../../kernel/paths';
import { freePort } from './free-port';

export interface ServerProcess {
  url: string;
  /** The server process's id (to read its memory, say). */
  pid: number;
  /** Everything the process wrote to stderr (a failed boot says why there). */
  stderr(): string;
  /** Everything the process wrote to stdout: its JSON log lines. */
  stdout(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | null>;
  /** SIGKILL (no shutdown of any kind: a crash), then waits for the exit; answers the signal. */
  kill(): Promise<NodeJS.Signals | null>;
}

/** Starts a server with `env` (on top of this process's) and resolves once it answers. */
export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-r', '@swc-node/register', 'kernel/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const exited = exit.then(({ code }) => code);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within 60 s:\n${stderr}\n${stdout.slice(-2000)}`);
    }
    const ready = await fetch(`${url}/api/v1/system/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    stderr: () => stderr,
    stdout: () => stdout,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return (await exit).signal;
    },
  };
}
