import type ExcelJS from 'exceljs';
import { AppError, type ErrorDetail } from '@atrium/kernel';
import { UserErrors } from '../errors';
import { IMPORT_COLUMNS, columnOfHeader, type ImportColumn } from './import-columns';
import { WorkbookBytes } from './workbook-bytes';

/** One data row of the sheet: its row number (the header is row 1) and its non-blank cells, as text. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
}

/** The most data rows one import takes: its result lists every failed row, and it runs as one task. */
export const MAX_IMPORT_ROWS = 10_000;

/** An xlsx file is a zip archive: its first bytes say so whatever its name claims. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function invalid(message: string, rule: string): AppError {
  const detail: ErrorDetail = { field: '/body/file', rule, message };
  return new AppError(UserErrors.SYSTEM_IMPORT_FILE_INVALID_400, { details: [detail] });
}

/**
 * The rows of the workbook's first sheet, read as a stream (exceljs' WorkbookReader): the parsed
 * workbook is never held whole, only the row at hand. Row 1 is the header, which must name the
 * `username` column and nothing unknown (a misspelt header would otherwise drop a column unseen);
 * blank rows are skipped. Refuses a file that is not a zip (415) or not a readable workbook (400).
 */
export async function* sheetRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  if (!bytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
    throw new AppError(UserErrors.SYSTEM_IMPORT_UNSUPPORTED_TYPE_415, {
      details: [{ field: '/body/file', rule: 'type', message: 'is not an .xlsx workbook (its content is not a zip archive)' }],
    });
  }
  // Loaded by the first import, not at boot: exceljs costs a fifth of a second of every start and 27 MB.
  const { stream } = await import('exceljs');
  const reader = new stream.xlsx.WorkbookReader(new WorkbookBytes(bytes), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  let columns: Map<number, ImportColumn> | undefined;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        if (!columns) {
          columns = headerColumns(row.number, values);
          continue;
        }
        const cells: SheetRow['cells'] = {};
        for (const [index, column] of columns) {
          const text = cellText(values[index]);
          if (text !== '') cells[column] = text;
        }
        if (Object.keys(cells).length > 0) yield { row: row.number, cells };
      }
      // Only the first sheet is read: a second one (notes, a copy) is not imported.
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid(`is not a readable .xlsx workbook (${(error as Error).message})`, 'workbook');
  }
  if (!columns) throw invalid('has no header row: download the template and fill it in', 'header');
}

/** Which column each header cell names; 400 naming every unknown or repeated header, or a missing username. */
function headerColumns(rowNumber: number, values: unknown[]): Map<number, ImportColumn> {
  if (rowNumber !== 1) throw invalid('must have its header in row 1, as the template has', 'header');
  const columns = new Map<number, ImportColumn>();
  const problems: string[] = [];
  values.forEach((value, index) => {
    const text = cellText(value);
    if (text === '') return;
    const column = columnOfHeader(text);
    if (!column) problems.push(`the header "${text}" names no column (expected: ${IMPORT_COLUMNS.join(', ')})`);
    else if ([...columns.values()].includes(column)) problems.push(`the column ${column} appears twice`);
    else columns.set(index, column);
  });
  if (![...columns.values()].includes('username')) problems.push('there is no username column');
  if (problems.length > 0) {
    throw new AppError(UserErrors.SYSTEM_IMPORT_FILE_INVALID_400, { details: problems.map((message) => ({ field: '/body/file', rule: 'header', message })) });
  }
  return columns;
}

/** A cell as the text a person typed: rich text joined, a formula's result, a link's text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value).trim();
  const cell = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; error?: string };
  if (cell.richText)
    return cell.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if (cell.text !== undefined) return cellText(cell.text);
  if (cell.result !== undefined) return cellText(cell.result);
  return '';
}

/**
 * Checks the upload before anything is stored: a workbook, a good header, 1 to MAX_IMPORT_ROWS
 * data rows. Answers how many, for the task's progress.
 */
export async function countSheetRows(bytes: Buffer): Promise<number> {
  let rows = 0;
  for await (const _row of sheetRows(bytes)) {
    rows += 1;
    if (rows > MAX_IMPORT_ROWS) throw invalid(`has more than ${MAX_IMPORT_ROWS} rows: split it into several files`, 'maxRows');
  }
  if (rows === 0) throw invalid('has no rows below its header', 'minRows');
  return rows;
}
