import { PassThrough } from 'node:stream';
import { Type, type TObject } from '@sinclair/typebox';
import type { Logger } from 'pino';
import { RawReply, type FileRequest, type MadeFile } from '../http/route';
import type { SheetColumn } from './export-columns';
import { SPREADSHEET_TYPES, writeSpreadsheet, type SpreadsheetFormat } from './spreadsheet-writer';

/** The `format` query parameter every export takes. */
export const SpreadsheetFormatQuery = {
  format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')], {
    description: '`xlsx` (Excel: typed cells, dates as date cells in UTC) or `csv` (UTF-8 with a byte-order mark, ISO 8601 timestamps)',
  }),
};

/** An export's query: the list's filters (without paging or a cursor) and the format, required unless it has a default. */
export function exportQuery(filters: TObject, defaultFormat?: SpreadsheetFormat): TObject {
  const format = defaultFormat ? Type.Optional({ ...SpreadsheetFormatQuery.format, default: defaultFormat }) : SpreadsheetFormatQuery.format;
  return Type.Object({ ...filters.properties, format });
}

/**
 * What an export route declares besides its path, permission and query, for the route mechanism
 * and the catalog: a file in either format, its name, and a place in the operation log.
 */
export const SPREADSHEET_ANSWER = {
  raw: { contentType: [SPREADSHEET_TYPES.xlsx, SPREADSHEET_TYPES.csv] },
  response: Type.String({ format: 'binary', description: 'The spreadsheet: a header row in the caller’s language, then one row per item' }),
  headers: { 'Content-Disposition': 'attachment; filename="<name>-<yyyy-mm-dd>.<xlsx|csv>"' },
  audit: true,
} as const;

export interface SpreadsheetExport {
  /** The file's name before the day and the extension (`posts`), and the worksheet's. */
  name: string;
  format: SpreadsheetFormat;
  columns: readonly SheetColumn[];
  /** The request (or its copy a task keeps): its language heads the columns and picks the labels. */
  request: Pick<FileRequest, 'language' | 'valueLabels' | 'onRows'>;
  /** The rows' views, a batch at a time, read as the file is taken. */
  batches: AsyncIterable<readonly object[]>;
  log: Logger;
}

/**
 * The file of an export, written as it is read. The labels and the first batch are read before
 * answering, so a query the database refuses is an error, not a cut file. The rest is written by
 * a promise chain started here, inside the request's context (or the task's, kernel.exports), so
 * every batch is read with the caller's tenant and data scope.
 */
export async function spreadsheetFile(exported: SpreadsheetExport): Promise<MadeFile> {
  const { name, format, columns, request, log } = exported;
  const codes = [...new Set(columns.flatMap((column) => column.dictionary ?? []))];
  const labels = new Map(await Promise.all(codes.map(async (code) => [code, await request.valueLabels(code)] as const)));
  const iterator = exported.batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  // 64 KiB between the writer and the reader: about one batch of CSV, while the next is read.
  const body = new PassThrough({ highWaterMark: 64 * 1024 });
  const rows = counted(resumed(first, iterator), request.onRows);
  writeSpreadsheet(body, { format, columns, language: request.language, labels, name }, rows).catch((error: unknown) => {
    if (!body.destroyed) log.error({ err: error }, 'an export failed part way: the file was cut off');
    body.destroy(error as Error);
  });
  const day = new Date().toISOString().slice(0, 10);
  return { body, contentType: SPREADSHEET_TYPES[format], fileName: `${fileName(name)}-${day}.${format}` };
}

/** The answer of a file route: the file as an attachment, never cached. */
export function fileReply(file: MadeFile): RawReply {
  return new RawReply(file.body, file.contentType, {
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
    'Cache-Control': 'no-store',
  });
}

/** The batches, telling `onRows` how many rows have gone by after each. */
async function* counted<T extends readonly object[]>(batches: AsyncGenerator<T>, onRows: ((written: number) => void) | undefined): AsyncGenerator<T> {
  if (!onRows) return yield* batches;
  let written = 0;
  for await (const batch of batches) {
    yield batch;
    written += batch.length;
    onRows(written);
  }
}

/**
 * The batches, the first already read, each next one asked for before the one in hand is written:
 * the database reads a batch while the last is turned into text and sent (two in memory at most).
 */
async function* resumed<T>(first: IteratorResult<T>, iterator: AsyncIterator<T>): AsyncGenerator<T> {
  let next: Promise<IteratorResult<T>> | undefined;
  try {
    if (first.done) return;
    next = iterator.next();
    yield first.value;
    for (let result = await next; !result.done; result = await next) {
      next = iterator.next();
      yield result.value;
    }
  } finally {
    // Left early (the client went away): the read ahead is dropped, then the reader closed.
    await next?.catch(() => undefined);
    await iterator.return?.();
  }
}

/** A name a Content-Disposition header holds as it is: lower-case letters, digits and dashes. */
function fileName(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export'
  );
}
