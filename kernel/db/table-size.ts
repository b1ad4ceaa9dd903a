/**
 * How many rows the statistics say a table holds (pg_class.reltuples), remembered a few seconds
 * per table: a list on a small table needs no planner estimate of its total, and asking the
 * catalogue on every request would cost the round trip it saves. The figure only chooses how a
 * total is found (kernel/db/page-total.ts), never what it is, so a stale one costs at most a query.
 */
import { Utils, type EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Long enough to serve a burst of pages from one look-up, short enough to follow a table's growth. */
const REMEMBERED_MS = 5_000;

interface Remembered {
  at: number;
  /** -1 while the table was never analysed: unknown. */
  rows: Promise<number>;
}

/** By ORM configuration (each database its own), then by table. */
const remembered = new WeakMap<object, Map<string, Remembered>>();

/** True when the statistics know the table and put it under `limit` rows. */
export async function tableRowsBelow<T extends object>(em: EntityManager, entityName: EntityName<T>, limit: number): Promise<boolean> {
  const rows = await estimatedRows(em, qualifiedTable(em, entityName));
  return rows >= 0 && rows < limit;
}

function qualifiedTable<T extends object>(em: EntityManager, entityName: EntityName<T>): string {
  const meta = em.getMetadata().get<T>(Utils.className(entityName));
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  return meta.schema && meta.schema !== '*' ? `${quote(meta.schema)}.${quote(meta.tableName)}` : quote(meta.tableName);
}

function estimatedRows(em: EntityManager, table: string): Promise<number> {
  let tables = remembered.get(em.config);
  if (!tables) remembered.set(em.config, (tables = new Map()));
  const now = Date.now();
  const known = tables.get(table);
  if (known && now - known.at < REMEMBERED_MS) return known.rows;
  // The promise is kept, so requests arriving together share one look-up.
  const rows = em
    .execute<Array<{ rows: number | string | null }>>('select reltuples as rows from pg_class where oid = to_regclass(?)', [table])
    .then(([row]) => (row?.rows === null || row?.rows === undefined ? -1 : Number(row.rows)));
  tables.set(table, { at: now, rows });
  // A failed look-up is not remembered: the next list asks again.
  rows.catch(() => tables.get(table)?.rows === rows && tables.delete(table));
  return rows;
}
