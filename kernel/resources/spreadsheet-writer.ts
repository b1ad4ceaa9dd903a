import type { Writable } from 'node:stream';
import type { Language } from '../errors/error-catalogue';
import { cellsOf, type SheetLabels } from './export-cells';
import type { SheetColumn } from './export-columns';
import { csvSheet } from './csv-sheet';
import { xlsxSheet } from './xlsx-sheet';

export type SpreadsheetFormat = 'xlsx' | 'csv';

/** The media type of each format, as the answer's Content-Type. */
export const SPREADSHEET_TYPES: Readonly<Record<SpreadsheetFormat, string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** What a sheet holds besides its rows. */
export interface SheetSpec {
  format: SpreadsheetFormat;
  columns: readonly SheetColumn[];
  /** The language of the header row. */
  language: Language;
  /** The labels of the code lists the columns name, in `language` (export-labels.ts). */
  labels: SheetLabels;
  /** The worksheet's name (xlsx). */
  name: string;
}

/**
 * Writes a spreadsheet onto any stream — an HTTP answer now, a file for an export run as a task
 * later — header row first, then the rows batch by batch, reading the next batch only once the
 * destination has taken the last: memory holds about one batch, whatever the row count. Resolves
 * with the number of rows once the file is whole; rejects (leaving `out` to the caller to destroy)
 * when reading or writing fails.
 */
export async function writeSpreadsheet(out: Writable, spec: SheetSpec, batches: AsyncIterable<readonly object[]>): Promise<number> {
  const { format, columns, language, labels } = spec;
  const sheet = format === 'csv' ? csvSheet(out) : await xlsxSheet(out, columns, language, spec.name);
  sheet.header(columns.map((column) => column.title[language]));
  let count = 0;
  for await (const views of batches) {
    await sheet.rows(views.map((view) => cellsOf(view, columns, labels, format)));
    count += views.length;
  }
  await sheet.end();
  return count;
}
