import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import type supertest from 'supertest';

/** A supertest request whose answer body is kept as bytes, whatever its type. */
export function asBytes(request: supertest.Test): supertest.Test {
  return request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/** A CSV file's rows as text, read by exceljs's CSV reader with no conversion of values. */
export async function csvRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  // The reader takes the byte-order mark for part of the first header: drop it, as Excel does.
  const text = bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? bytes.subarray(3) : bytes;
  const sheet = await workbook.csv.read(Readable.from([text]), { map: (value: string) => value } as never);
  return rowsOf(sheet).map((row) => row.map((cell) => (cell === null ? '' : String(cell))));
}

/** An xlsx file's first sheet, each cell's value as exceljs reads it (a Date for a date cell). */
export async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  return rowsOf(workbook.worksheets[0]);
}

function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: unknown[] = [];
    for (let i = 1; i <= width; i++) cells.push(row.getCell(i).value ?? null);
    rows.push(cells);
  });
  return rows;
}

/** The answer's body as the bytes `asBytes` kept. */
export function bytesOf(res: Response): Buffer {
  return res.body as Buffer;
}
