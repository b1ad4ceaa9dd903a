import type { FilterQuery } from '@mikro-orm/core';

/** One key of an order: the entity property, its direction, and whether it may hold null. */
export interface OrderKey {
  property: string;
  direction: 'asc' | 'desc';
  nullable?: boolean;
}

/**
 * The rows after `last` in an order of any number of keys, each ascending or descending, the last
 * one unique (the id): what reads a whole list in batches, each an index range starting where the
 * one before stopped, where an offset would walk past every row already read. Nulls are placed as
 * PostgreSQL orders them (last ascending, first descending), so a nullable key loses no row.
 * `last` holds the values as the database returned them: a timestamp keeps its microseconds,
 * which a JavaScript Date would drop (and rows sharing the millisecond would be skipped).
 */
export function rowsAfter(keys: readonly OrderKey[], last: Readonly<Record<string, unknown>>): FilterQuery<object> {
  const alternatives: Record<string, unknown>[] = [];
  keys.forEach((key, i) => {
    const beyond = beyondOf(key, last[key.property] ?? null);
    if (!beyond) return;
    const same = keys.slice(0, i).map((k) => ({ [k.property]: last[k.property] ?? null }));
    alternatives.push(same.length === 0 ? beyond : { $and: [...same, beyond] });
  });
  if (alternatives.length === 0) throw new Error('an order read in batches must end with a key that is never null (the id)');
  const [first] = keys;
  const start = last[first.property];
  // Implied by the alternatives; there so the database starts its index scan at the last row.
  if (!first.nullable && start !== null && start !== undefined) {
    return { $and: [{ [first.property]: { [first.direction === 'asc' ? '$gte' : '$lte']: start } }, { $or: alternatives }] } as FilterQuery<object>;
  }
  return { $or: alternatives } as FilterQuery<object>;
}

/** The rows past `value` on this key alone; undefined when none can be (past the nulls at the end). */
function beyondOf(key: OrderKey, value: unknown): Record<string, unknown> | undefined {
  const { property, direction, nullable } = key;
  if (value === null) return direction === 'asc' ? undefined : { [property]: { $ne: null } };
  const past = { [property]: { [direction === 'asc' ? '$gt' : '$lt']: value } };
  return nullable && direction === 'asc' ? { $or: [past, { [property]: null }] } : past;
}
