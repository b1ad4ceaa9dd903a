import type { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import { statementOf } from '../db/built-statements';
import { plainRows } from '../db/plain-rows';
import { keysetStatements } from '../db/keyset-statements';
import type { OrderKey } from '../db/rows-after';
import type { SortDirection } from '../http/pagination';
import type { Row } from './resource-declaration';

/** Rows per query of an export: one batch in memory at a time, however many rows it holds. */
export const EXPORT_BATCH = 1000;

export interface BatchSource {
  /** The entity's class name. */
  entity: string;
  /** The list's conditions (filters, declaration, owner), built anew for each batch. */
  where: () => Record<string, unknown>;
  /** The list's order, ending with the key (unique). */
  orderBy: Readonly<Record<string, SortDirection>>;
  size?: number;
}

/**
 * Every row `where` selects, in the list's order, a batch of views at a time: each batch an index
 * range starting after the last row of the one before (rows-after.ts), its statement built once
 * for the whole export (keyset-statements.ts), read with the request's
 * EntityManager and its filters applied, so the data scope and tenant are the list's. A row
 * written meanwhile may or may not be included, as with any scroll; none is read twice.
 */
export async function* readBatches(
  em: EntityManager,
  source: BatchSource,
  views: (rows: Row[]) => Promise<Record<string, unknown>[]>,
): AsyncGenerator<Record<string, unknown>[]> {
  const { entity, where, orderBy, size = EXPORT_BATCH } = source;
  const { properties } = em.getMetadata().get(entity);
  const keys: OrderKey[] = Object.entries(orderBy).map(([property, direction]) => ({ property, direction, nullable: properties[property].nullable === true }));
  const columns = keys.map((key) => properties[key.property].fieldNames[0]);
  const statement = keysetStatements(keys, async (after: FilterQuery<object> | undefined) => {
    const qb = em
      .createQueryBuilder<Row, 'r'>(entity, 'r')
      .select('*')
      .where((after ? { $and: [where(), after] } : where()) as FilterQuery<Row>)
      .orderBy(orderBy)
      .limit(size);
    await qb.applyFilters();
    return statementOf(qb);
  });
  let lastKeys: Record<string, unknown> | undefined;
  for (;;) {
    const { sql, params } = await statement(lastKeys);
    const found = await em.execute<Record<string, unknown>[]>(sql, [...params]);
    if (found.length === 0) return;
    // The last row's keys as the database wrote them, before the rows are mapped to properties.
    const last = found[found.length - 1];
    lastKeys = Object.fromEntries(keys.map((key, i) => [key.property, last[columns[i]]]));
    yield await views(plainRows(em, entity, found) as Row[]);
    if (found.length < size) return;
  }
}
