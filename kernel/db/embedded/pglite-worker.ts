/**
 * Worker-thread entry of the embedded PostgreSQL: PGlite on the data directory, served over the
 * PostgreSQL wire protocol by pglite-socket on 127.0.0.1 (an ephemeral port).
 *
 * Why a worker: PGlite runs PostgreSQL in WebAssembly on the thread that calls it, and blocks
 * that thread for the whole query. Here it blocks only this thread; the main thread talks to it
 * through an ordinary socket, with the ordinary `pg` driver, like to any PostgreSQL server.
 *
 * Started by `embedded-postgres.ts`; never imported.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { EmbeddedWorkerData, FromWorker, ToWorker } from './worker-protocol';

if (!parentPort) throw new Error('pglite-worker must be started as a worker thread');
const port = parentPort;
const { dataDir, maxConnections, wasmModule } = workerData as EmbeddedWorkerData;

function send(message: FromWorker): void {
  port.postMessage(message);
}

// pglite-socket leaves some promises unawaited (a client's disconnect rolls back its open
// transaction in the background). By default an unhandled rejection ends the thread, which here
// would take the whole database down for one client's trouble: report it instead.
process.on('unhandledRejection', (reason) => {
  send({ type: 'warning', message: `unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}` });
});

interface Running {
  db: PGlite;
  server: PGLiteSocketServer;
}

async function open(): Promise<Running> {
  let db: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;
  try {
    // Contrib extensions must be handed over here for `create extension` to find them: pg_trgm
    // backs the lists' keyword search (modules/users/migrations/0002-list-indexes.ts).
    db = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}) });
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
    await server.start();
    return { db, server };
  } catch (error) {
    // Whatever failed, leave the data directory as a clean shutdown would.
    await server?.stop().catch(() => undefined);
    if (db && !db.closed) await db.close().catch(() => undefined);
    throw error;
  }
}

async function start(): Promise<void> {
  const running = await open();
  port.on('message', (message: ToWorker) => {
    if (message.type !== 'stop') return;
    stop(running)
      .then(
        () => send({ type: 'stopped' }),
        (error: unknown) => send(errorMessage(error)),
      )
      // Nothing else keeps the thread alive once the port is closed: the worker exits.
      .finally(() => port.close());
  });
  send({ type: 'ready', port: portOf(running.server) });
}

/**
 * Order matters: the socket server first (it rolls back a transaction left open by a client it
 * disconnects), then PGlite, whose `close()` waits for that and any query still running, then
 * shuts PostgreSQL down so the data directory is consistent and can be copied or reopened.
 */
async function stop({ db, server }: Running): Promise<void> {
  await server.stop();
  await db.close();
}

/** `getServerConn()` is `host:port`; with port 0 the OS picked the port while listening. */
function portOf(server: PGLiteSocketServer): number {
  const conn = server.getServerConn();
  const value = Number(conn.slice(conn.lastIndexOf(':') + 1));
  if (!Number.isInteger(value) || value <= 0) throw new Error(`pglite-socket reported no port (${conn})`);
  return value;
}

function errorMessage(error: unknown): FromWorker {
  return error instanceof Error ? { type: 'error', message: error.message, stack: error.stack } : { type: 'error', message: String(error) };
}

start().catch((error: unknown) => {
  send(errorMessage(error));
  port.close();
});
