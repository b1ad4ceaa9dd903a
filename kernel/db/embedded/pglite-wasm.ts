/**
 * PGlite's PostgreSQL, compiled to machine code once per process and handed to every worker
 * that opens a data directory. Left to itself, each PGlite instance compiles its 9 MB of
 * WebAssembly again: about 100 ms of every open, which adds up over a test run that opens a
 * database per suite. A compiled module is shared by the threads of a process, not copied.
 */
import fs from 'node:fs';
import path from 'node:path';

let compiled: Promise<WebAssembly.Module | undefined> | undefined;

/** The compiled module, or undefined if it cannot be found (PGlite then loads its own). */
export function pgliteWasmModule(): Promise<WebAssembly.Module | undefined> {
  compiled ??= (async () => {
    try {
      // `dist/pglite.wasm`, next to the package's CommonJS entry `dist/index.cjs`.
      const file = path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
      return await WebAssembly.compile(await fs.promises.readFile(file));
    } catch {
      return undefined;
    }
  })();
  return compiled;
}
