/**
 * PGlite's PostgreSQL, compiled to machine code once per process and handed to every worker
 * that opens a data directory. Left to itself, each PGlite instance compiles its 9 MB of
 * WebAssembly again: about 100 ms of every open, which adds up over a test run that opens a
 * database per suite. A compiled module is shared by the threads of a process, not copied.
 *
 * The first worker compiles it, in its own thread, and hands it back (pglite-worker.cjs): the
 * main thread is busy loading the kernel's code while the database starts, and a compile
 * awaited here would only go on once that code had loaded (the boot waited 300 ms for it).
 *
 * It stays in V8's baseline code (Liftoff). By default V8 recompiles every WebAssembly function
 * that runs often with its optimizing compiler, in background threads: opening the database and
 * the first queries made that some 1.5 s of CPU, on the boot's path on two cores, and 70–90 MB of
 * resident memory for the optimized code, for queries that then ran no faster (an indexed lookup
 * costs its round trips, not its instructions). What it costs: a query that computes over many
 * rows in PostgreSQL itself (200,000 md5s) takes about 1.5 times as long.
 */
import path from 'node:path';
import v8 from 'node:v8';

let compiled: WebAssembly.Module | undefined;
let flagsSet = false;

/** The module a worker compiled before, if any; the next worker is handed it. */
export function compiledPgliteWasm(): WebAssembly.Module | undefined {
  return compiled;
}

export function rememberPgliteWasm(module: WebAssembly.Module): void {
  compiled ??= module;
}

/**
 * `dist/pglite.wasm`, next to the package's CommonJS entry `dist/index.cjs`, after V8 is told
 * to keep WebAssembly in baseline code. V8's settings are the process's, read as a module is
 * compiled in any thread: they also keep initdb's WebAssembly in baseline code (a new data
 * directory then opens in 7 s instead of 9.5).
 */
export function pgliteWasmFile(): string {
  if (!flagsSet) {
    v8.setFlagsFromString('--no-wasm-dynamic-tiering');
    v8.setFlagsFromString('--no-wasm-tier-up');
    flagsSet = true;
  }
  return path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
}
