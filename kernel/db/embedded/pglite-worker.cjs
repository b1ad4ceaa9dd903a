// @ts-check
/**
 * Worker-thread entry of the embedded PostgreSQL: PGlite on the data directory, served over the
 * PostgreSQL wire protocol by pglite-socket on 127.0.0.1 (an ephemeral port).
 *
 * Why a worker: PGlite runs PostgreSQL in WebAssembly on the thread that calls it, and blocks
 * that thread for the whole query. Here it blocks only this thread; the main thread talks to it
 * through an ordinary socket, with the ordinary `pg` driver, like to any PostgreSQL server.
 *
 * Why JavaScript: a worker thread does not inherit its parent's require hooks, so a TypeScript
 * entry needs the TypeScript loader started again in the thread — @swc-node/register, which
 * brings the whole `typescript` package with it: some 80 MB of the process's memory and a second
 * of every embedded boot, for these few lines. This file runs as it is, in `npm start`, in tests
 * and from `dist/` (scripts/copy-assets.js copies it there). The messages are typed in
 * worker-protocol.ts; the types below are checked by editors (`@ts-check`).
 *
 * Started by `embedded-postgres.ts`; never imported.
 */
'use strict';

const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm');
const { PGLiteSocketServer } = require('@electric-sql/pglite-socket');

/**
 * PostgreSQL's page cache inside PGlite's WebAssembly memory. initdb's default (128 MB) is
 * written through at start, so it all becomes resident at once: half the server's idle memory.
 * An embedded database is small, and a page missing here is read from the data directory through
 * the operating system's file cache, which is the machine's, not this process's. 8 MB (1,024
 * pages) holds the catalog and the hot part of a development database; 16 MB kept 12 MB more of
 * the idle server's memory resident.
 */
const SHARED_BUFFERS = '8MB';

if (!parentPort) throw new Error('pglite-worker must be started as a worker thread');
const port = parentPort;
const { dataDir, maxConnections, wasmModule, wasmFile } = /** @type {import('./worker-protocol').EmbeddedWorkerData} */ (workerData);

/** @param {import('./worker-protocol').FromWorker} message */
function send(message) {
  port.postMessage(message);
}

// pglite-socket leaves some promises unawaited (a client's disconnect rolls back its open
// transaction in the background). By default an unhandled rejection ends the thread, which here
// would take the whole database down for one client's trouble: report it instead.
process.on('unhandledRejection', (reason) => {
  send({ type: 'warning', message: `unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}` });
});

/** @typedef {{ db: PGlite, server: PGLiteSocketServer }} Running */

/** @returns {Promise<Running>} */
async function open() {
  /** @type {PGlite | undefined} */
  let db;
  /** @type {PGLiteSocketServer | undefined} */
  let server;
  try {
    const pgliteWasmModule = wasmModule ?? (await compileWasm());
    db = await PGlite.create(dataDir, {
      // Contrib extensions must be handed over here for `create extension` to find them: pg_trgm
      // backs the lists' keyword search (modules/users/migrations/0002-list-indexes.ts).
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
      ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
    });
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

/**
 * PGlite's WebAssembly, compiled here and handed back for the next worker (pglite-wasm.ts);
 * undefined if the file cannot be read, and PGlite then loads its own.
 * @returns {Promise<WebAssembly.Module | undefined>}
 */
async function compileWasm() {
  try {
    const compiled = await WebAssembly.compile(await fs.promises.readFile(wasmFile));
    send({ type: 'compiled', wasmModule: compiled });
    return compiled;
  } catch {
    return undefined;
  }
}

async function start() {
  const running = await open();
  port.on('message', (/** @type {import('./worker-protocol').ToWorker} */ message) => {
    if (message.type !== 'stop') return;
    stop(running)
      .then(
        () => send({ type: 'stopped' }),
        (error) => send(errorMessage(error)),
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
 * @param {Running} running
 */
async function stop({ db, server }) {
  await server.stop();
  await db.close();
}

/**
 * `getServerConn()` is `host:port`; with port 0 the OS picked the port while listening.
 * @param {PGLiteSocketServer} server
 */
function portOf(server) {
  const conn = server.getServerConn();
  const value = Number(conn.slice(conn.lastIndexOf(':') + 1));
  if (!Number.isInteger(value) || value <= 0) throw new Error(`pglite-socket reported no port (${conn})`);
  return value;
}

/**
 * @param {unknown} error
 * @returns {import('./worker-protocol').FromWorker}
 */
function errorMessage(error) {
  return error instanceof Error ? { type: 'error', message: error.message, stack: error.stack } : { type: 'error', message: String(error) };
}

start().catch((error) => {
  send(errorMessage(error));
  port.close();
});
