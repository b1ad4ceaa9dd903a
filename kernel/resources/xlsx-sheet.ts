import { setImmediate as turn } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import type { Language } from '../errors/error-catalogue';
import type { Cell } from './export-cells';
import type { SheetColumn } from './export-columns';
import { drained, type SheetOutput } from './sheet-output';

/** How a date cell reads: the API's timestamps are UTC, and so are the cells. */
const FORMATS = { 'date-time': 'yyyy-mm-dd hh:mm:ss', date: 'yyyy-mm-dd' } as const;

/**
 * xlsx by exceljs's streaming WorkbookWriter: each row is committed (turned into XML and handed to
 * the zip) as soon as it is added, and strings are written inline rather than into a shared-strings
 * table, which would hold every distinct text of the file in memory until the end. exceljs hands
 * its zip data on without waiting for the destination, so after each batch the writer waits for
 * the destination to drain: about one batch is in flight, whatever the file's size.
 */
export async function xlsxSheet(out: Writable, columns: readonly SheetColumn[], language: Language, name: string): Promise<SheetOutput> {
  // Loaded on the first xlsx export: a server that never writes one never pays for it.
  const { stream } = await import('exceljs');
  const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  return {
    header(titles) {
      sheet.columns = columns.map((column, i) => ({
        header: titles[i],
        key: String(i),
        width: Math.min(60, Math.max(12, column.title[language].length + 4, column.kind === 'date-time' ? 20 : 0)),
        style: column.kind === 'date-time' || column.kind === 'date' ? { numFmt: FORMATS[column.kind] } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
    },
    async rows(rows: readonly Cell[][]) {
      for (const row of rows) sheet.addRow(row).commit();
      // The zip compresses off the event loop: let it catch up before measuring the destination.
      await turn();
      await drained(out);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
