import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Cell } from './export-cells';

/** One format's writer of a sheet onto a stream: the header, batches of rows, the end. */
export interface SheetOutput {
  header(titles: readonly string[]): void;
  /** Writes the rows, and resolves once the destination can take more (backpressure). */
  rows(rows: readonly Cell[][]): Promise<void>;
  /** Resolves once the whole file has reached the destination. */
  end(): Promise<void>;
}

/**
 * Resolves once `stream` wants more, at once when it already does; rejects when it fails or is
 * closed first (a client that went away), so a writer never waits for a drain that cannot come.
 */
export async function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) throw stream.errored ?? new Error('the export’s destination was closed');
  if (!stream.writableNeedDrain) return;
  const gone = new AbortController();
  const closed = once(stream, 'close', { signal: gone.signal }).then(() => {
    throw stream.errored ?? new Error('the export’s destination was closed');
  });
  try {
    await Promise.race([once(stream, 'drain', { signal: gone.signal }), closed]);
  } finally {
    gone.abort();
    closed.catch(() => undefined);
  }
}
