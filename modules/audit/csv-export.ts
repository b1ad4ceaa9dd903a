import { Readable } from 'node:stream';
import { raw, type EntityManager, type EntitySchema, type FilterQuery } from '@atrium/kernel';
import type { LogScope } from './log-scope';

/** Rows per query: one page in memory at a time, however many the export holds. */
export const EXPORT_BATCH = 1000;

export interface CsvColumn {
  header: string;
  /** The entity property it shows. */
  property: string;
}

/** A log table: every one has `at` and a time-ordered `id`, the keyset's two columns. */
interface Logged {
  id: string;
  at: Date;
}

export interface CsvExport<T extends Logged> {
  em: EntityManager;
  /** Where each page is read (log-scope.ts): pages are read as the client takes them, after the request's context. */
  scope: LogScope;
  entity: EntitySchema<T, never>;
  /** Built anew for each page: raw fragments in a filter are spent by the query that uses them. */
  where: () => FilterQuery<T>;
  columns: readonly CsvColumn[];
}

/**
 * The rows as CSV (RFC 4180, header first), newest first, read in keyset pages of
 * EXPORT_BATCH: each page starts after the last row of the one before, so every query is an
 * index range however deep the export is. The stream pulls the next page only when the client
 * has taken the previous one (backpressure), so memory stays at about one page.
 */
export function csvExport<T extends Logged>(source: CsvExport<T>): Readable {
  return Readable.from(lines(source), { objectMode: false, highWaterMark: 64 * 1024 });
}

async function* lines<T extends Logged>({ em, scope, entity, where, columns }: CsvExport<T>): AsyncGenerator<string> {
  yield csvLine(columns.map((c) => c.header));
  const properties = columns.map((c) => c.property);
  const selected = [...new Set([...properties, 'id'])];
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const query = em
      .createQueryBuilder(entity, 'r')
      // `at` as text keeps its microseconds, which a JS Date would drop, so the keyset is exact.
      .select([...selected, raw('r.at::text as at_cursor')])
      .where(where());
    if (cursor) query.andWhere('(r.at, r.id) < (cast(? as timestamptz), ?)', [cursor.at, cursor.id]);
    const rows = (await scope(() =>
      query
        .orderBy({ at: 'desc', id: 'desc' } as const)
        .limit(EXPORT_BATCH)
        .execute('all'),
    )) as Record<string, unknown>[];
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(properties.map((p) => row[p]))).join('');
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    cursor = { at: String(last.at_cursor), id: String(last.id) };
  }
}

function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  // A spreadsheet runs a cell that starts like a formula: text a client chose must stay text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
