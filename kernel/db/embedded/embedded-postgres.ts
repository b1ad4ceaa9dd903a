/**
 * The embedded PostgreSQL the server runs on when no `DATABASE_URL` is given: PGlite persisted
 * in the data directory, in a worker thread, reachable at a `postgres://` URL on 127.0.0.1 so
 * that everything else (MikroORM, pg-boss) uses its ordinary PostgreSQL driver.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { lockDataDir } from './data-dir-lock';
import { compiledPgliteWasm, pgliteWasmFile, rememberPgliteWasm } from './pglite-wasm';
import type { EmbeddedWorkerData, FromWorker, ToWorker } from './worker-protocol';

/**
 * The ORM's pool (one connection, see `database.ts`) plus pg-boss's, with room for one more
 * (a CLI command, a test's second client). The socket server refuses connections beyond it.
 */
export const DEFAULT_MAX_CONNECTIONS = 4;

/** After `stopped`, the worker exits by itself; this only bounds a worker that hangs. */
const EXIT_GRACE_MS = 5_000;

export interface EmbeddedPostgresOptions {
  /** Where PGlite keeps its files; created (and initdb run) when missing. */
  dataDir: string;
  /** Client connections served at once: must cover every pool that connects. */
  maxConnections?: number;
  /** Where the worker's troubles are reported (by default, as process warnings). */
  logger?: Logger;
}

export interface EmbeddedPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  /** Stops the socket server, closes PGlite cleanly and releases the data directory. Idempotent. */
  stop(): Promise<void>;
}

/**
 * The embedded PostgreSQL's own folder inside DATA_DIR: modules keep files in DATA_DIR too
 * (`modules/<id>/`), and the database's files should not mingle with them.
 */
export function embeddedDataDir(dataDir: string): string {
  return path.join(dataDir, 'postgres');
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const report = reporter(options.logger, dataDir);
  const lock = lockDataDir(dataDir);

  let worker: Worker;
  let port: number;
  try {
    // Nothing is awaited before the worker starts: the thread starts the database while this
    // one goes on loading code (main.ts), and no step waits on this thread's event loop.
    const data: EmbeddedWorkerData = {
      dataDir,
      maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
      wasmModule: compiledPgliteWasm(),
      wasmFile: pgliteWasmFile(),
    };
    ({ worker, port } = await launch(data, report));
  } catch (error) {
    lock.release();
    throw new Error(`embedded PostgreSQL in DATA_DIR ${dataDir} failed to start: ${messageOf(error)}`, {
      cause: error,
    });
  }

  let exited = false;
  let stopping: Promise<void> | undefined;
  worker.on('exit', (code) => {
    exited = true;
    if (stopping) return;
    // The data directory is free again (PostgreSQL recovers it on the next open); every query
    // from now on fails to connect.
    lock.release();
    report('error', `embedded PostgreSQL stopped unexpectedly (exit code ${code})`);
  });
  // Without a listener, an error in the worker would be thrown in this thread.
  worker.on('error', (error) => report('error', `embedded PostgreSQL failed: ${error.stack ?? error.message}`));

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      stopping ??= (async () => {
        try {
          if (!exited) await stopWorker(worker);
        } finally {
          lock.release();
        }
      })();
      return stopping;
    },
  };
}

type Report = (level: 'warn' | 'error', message: string) => void;

/** To the kernel's logger, or as a process warning when there is none: never silently. */
function reporter(logger: Logger | undefined, dataDir: string): Report {
  return (level, message) => {
    if (logger) logger[level]({ dataDir }, message);
    else process.emitWarning(`${message} (DATA_DIR ${dataDir})`);
  };
}

/** Starts the worker and waits until it serves; a worker that fails to is ended. */
async function launch(data: EmbeddedWorkerData, report: Report): Promise<{ worker: Worker; port: number }> {
  const worker = spawnWorker(data);
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'warning') report('warn', `embedded PostgreSQL: ${message.message}`);
    if (message.type === 'compiled') rememberPgliteWasm(message.wasmModule);
  });
  try {
    return { worker, port: readyPort(await nextReply(worker)) };
  } catch (error) {
    await worker.terminate();
    throw error;
  }
}

/**
 * The worker's entry is JavaScript, the same file whether this one runs as TypeScript or from
 * `dist/`: a TypeScript entry would need the TypeScript loader started again in the thread
 * (pglite-worker.cjs says what that costs). Its JavaScript is a thin loop around PostgreSQL's
 * WebAssembly memory, which lives outside V8's heap: a small young generation is enough for it,
 * where V8's default would keep some 8 MB of it resident.
 */
function spawnWorker(data: EmbeddedWorkerData): Worker {
  return new Worker(path.join(__dirname, 'pglite-worker.cjs'), { workerData: data, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 4 } });
}

async function stopWorker(worker: Worker): Promise<void> {
  const exit = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const stop: ToWorker = { type: 'stop' };
  worker.postMessage(stop);
  const reply = await nextReply(worker);
  const timer = setTimeout(() => void worker.terminate(), EXIT_GRACE_MS);
  await exit;
  clearTimeout(timer);
  if (reply.type === 'error') throw new Error(`embedded PostgreSQL failed to stop: ${reply.message}`);
}

/** The worker's next reply (warnings and the compiled module are not replies); rejects if it dies first. */
function nextReply(worker: Worker): Promise<FromWorker> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (message: FromWorker) => {
      if (message.type === 'warning' || message.type === 'compiled') return;
      settle();
      resolve(message);
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    const onExit = (code: number) => {
      settle();
      reject(new Error(`the worker exited with code ${code}`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

function readyPort(reply: FromWorker): number {
  if (reply.type === 'ready') return reply.port;
  if (reply.type === 'error') throw Object.assign(new Error(reply.message), { stack: reply.stack });
  throw new Error(`unexpected message from the worker: ${reply.type}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
