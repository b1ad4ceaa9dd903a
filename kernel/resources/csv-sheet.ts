import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Cell } from './export-cells';
import { drained, type SheetOutput } from './sheet-output';

/**
 * CSV by csv-stringify (RFC 4180 quoting, CRLF line ends), headed by a UTF-8 byte-order mark,
 * without which Excel reads UTF-8 as the system's code page and Chinese comes out garbled. A batch
 * is turned into text in one call and written at once (its stream API passes every record through
 * the stream machinery on its own, which cost the export twice its database time), then the
 * writer waits for the destination to drain before the next batch is read.
 */
export function csvSheet(out: Writable): SheetOutput {
  const done = finished(out, { readable: false });
  // Reported by end() or by the next write; a rejection nobody awaits yet must not crash.
  done.catch(() => undefined);
  return {
    header: (titles) => void out.write(stringify([titles], { bom: true, record_delimiter: 'windows' })),
    async rows(rows: readonly Cell[][]) {
      if (rows.length > 0) out.write(stringify(rows as Cell[][], { record_delimiter: 'windows', cast: { date: (date) => date.toISOString() } }));
      await drained(out);
    },
    async end() {
      out.end();
      await done;
    },
  };
}
