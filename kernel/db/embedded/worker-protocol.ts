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
  /** PGlite's WebAssembly, compiled by an earlier worker of this process (see pglite-wasm.ts). */
  wasmModule?: WebAssembly.Module;
  /** Where it is, for the worker to compile it when it is handed none. */
  wasmFile: string;
}

/** Main thread → worker. */
export type ToWorker = { type: 'stop' };

/** Worker → main thread. */
export type FromWorker =
  | { type: 'ready'; port: number }
  | { type: 'stopped' }
  | { type: 'error'; message: string; stack?: string }
  /** Something went wrong that the worker survived: the main thread logs it. */
  | { type: 'warning'; message: string }
  /** The WebAssembly this worker compiled, for the next worker of the process to reuse. */
  | { type: 'compiled'; wasmModule: WebAssembly.Module };
