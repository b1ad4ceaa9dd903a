import { EXPORT_BATCH, countPast, raw, type EntityManager, type EntitySchema, type FilterQuery } from '@atrium/kernel';
import type { LogScope } from './log-scope';

/** A log table: every one has `at` and a time-ordered `id`, the keyset's two columns. */
interface Logged {
  id: string;
  at: Date;
}

export interface LogBatches<T extends Logged> {
  em: EntityManager;
  /** Where each batch is read (log-scope.ts): batches are read as the client takes them, after the request's context. */
  scope: LogScope;
  entity: EntitySchema<T, never>;
  /** Built anew for each batch: raw fragments in a filter are spent by the query that uses them. */
  where: () => FilterQuery<T>;
  /** The properties the export shows. */
  properties: readonly string[];
}

/**
 * The rows, newest first, in keyset batches of EXPORT_BATCH: each starts after the last row of
 * the one before, so every query is an index range however deep the export is. The next batch
 * is read only when the writer asks for it, after the client has taken the last one.
 */
export async function* logBatches<T extends Logged>({ em, scope, entity, where, properties }: LogBatches<T>): AsyncGenerator<Record<string, unknown>[]> {
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
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    cursor = { at: String(last.at_cursor), id: String(last.id) };
  }
}

/** How many rows `where` selects where the caller reads: exactly while at most `limit`, past it an estimate (`countPast`). */
export function loggedTotal<T extends Logged>(
  em: EntityManager,
  scope: LogScope,
  entity: EntitySchema<T, never>,
  where: FilterQuery<T>,
  limit: number,
): Promise<number> {
  return scope(() => countPast(em, entity, where, limit));
}
