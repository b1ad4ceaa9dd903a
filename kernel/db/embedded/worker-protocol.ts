/**
 * The messages between the kernel's main thread and the embedded-PostgreSQL worker. Kept in
 * one file so both ends agree on them at compile time.
 */

/** Handed to the worker as `workerData`. */
export interface EmbeddedWorkerData {
  /** PGlite's data directory (initdb runs on first use). */
  dataDir: string;
  /** Client connections the socket server accepts at once: every pool that connects (ORM, pg-boss). */
  maxConnections: number;
  /** PGlite's WebAssembly, already compiled (see pglite-wasm.ts); PGlite compiles its own without. */
  wasmModule?: WebAssembly.Module;
}

/** Main thread → worker. */
export type ToWorker = { type: 'stop' };

/** Worker → main thread. */
export type FromWorker =
  | { type: 'ready'; port: number }
  | { type: 'stopped' }
  | { type: 'error'; message: string; stack?: string }
  /** Something went wrong that the worker survived: the main thread logs it. */
  | { type: 'warning'; message: string };
