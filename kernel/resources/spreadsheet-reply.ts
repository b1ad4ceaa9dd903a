import { PassThrough } from 'node:stream';
import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import type { Logger } from 'pino';
import { RawReply, type RouteRequest } from '../http/route';
import type { SheetColumn } from './export-columns';
import { SPREADSHEET_TYPES, writeSpreadsheet, type SpreadsheetFormat } from './spreadsheet-writer';

/** The `format` query parameter every export takes. */
export const SpreadsheetFormatQuery = {
  format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')], {
    description: '`xlsx` (Excel: typed cells, dates as date cells in UTC) or `csv` (UTF-8 with a byte-order mark, ISO 8601 timestamps)',
  }),
};

/** An export's query: the list's filters (without paging or a cursor) and the format. */
export function exportQuery<P extends TProperties>(filters: TObject<P>) {
  return Type.Object({ ...filters.properties, ...SpreadsheetFormatQuery });
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
  /** The request: its language heads the columns and picks the labels. */
  request: Pick<RouteRequest<unknown, unknown, unknown, unknown>, 'language' | 'valueLabels'>;
  /** The rows' views, a batch at a time, read as the client takes the file. */
  batches: AsyncIterable<readonly object[]>;
  log: Logger;
}

/**
 * The answer of an export: the file, written as it is read. The labels and the first batch are
 * read before answering, so a query the database refuses is an error answer, not a cut file. The
 * rest is written by a promise chain started here, inside the request's context, so every batch
 * is read with the caller's tenant and data scope.
 */
export async function spreadsheetReply(exported: SpreadsheetExport): Promise<RawReply> {
  const { name, format, columns, request, log } = exported;
  const codes = [...new Set(columns.flatMap((column) => column.dictionary ?? []))];
  const labels = new Map(await Promise.all(codes.map(async (code) => [code, await request.valueLabels(code)] as const)));
  const iterator = exported.batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  // 64 KiB between the writer and the socket: about one batch of CSV, while the next is read.
  const body = new PassThrough({ highWaterMark: 64 * 1024 });
  writeSpreadsheet(body, { format, columns, language: request.language, labels, name }, resumed(first, iterator)).catch((error: unknown) => {
    if (!body.destroyed) log.error({ err: error }, 'an export failed part way: the file was cut off');
    body.destroy(error as Error);
  });
  const day = new Date().toISOString().slice(0, 10);
  return new RawReply(body, SPREADSHEET_TYPES[format], {
    'Content-Disposition': `attachment; filename="${fileName(name)}-${day}.${format}"`,
    'Cache-Control': 'no-store',
  });
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
