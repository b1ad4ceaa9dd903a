import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { Cell } from './export-cells';
import { drained, type SheetOutput } from './sheet-output';

/** What makes RFC 4180 quote a field: the delimiter, the quote, a line break. */
const NEEDS_QUOTES = /[",\r\n]/;
// Headed by it, Excel reads UTF-8; without it, the system's code page, and Chinese comes out garbled.
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * CSV as RFC 4180 writes it (fields quoted when they hold a comma, a quote or a line break, quotes
 * doubled; CRLF line ends), headed by a UTF-8 byte-order mark. A batch becomes one string written
 * at once, each cell turned into text where it is joined: a library's stringifier built options
 * and records for every row and cost the export more than its database time (bench/export.bench.ts).
 * Then the writer waits for the destination to drain before the next batch is read.
 */
export function csvSheet(out: Writable): SheetOutput {
  const done = finished(out, { readable: false });
  // Reported by end() or by the next write; a rejection nobody awaits yet must not crash.
  done.catch(() => undefined);
  return {
    header: (titles) => void out.write(BYTE_ORDER_MARK + line(titles)),
    async rows(rows: readonly Cell[][]) {
      if (rows.length > 0) {
        let text = '';
        for (const row of rows) text += line(row);
        out.write(text);
      }
      await drained(out);
    },
    async end() {
      out.end();
      await done;
    },
  };
}

function line(cells: readonly Cell[]): string {
  let text = '';
  for (let i = 0; i < cells.length; i++) text += (i === 0 ? '' : ',') + field(cells[i]);
  return text + '\r\n';
}

function field(cell: Cell): string {
  if (cell === null) return '';
  const text = cell instanceof Date ? cell.toISOString() : String(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
