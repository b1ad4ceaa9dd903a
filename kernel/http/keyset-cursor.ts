import { isUuid } from '../db/ids';
/**
 * Keyset paging for clients that scroll: the next page starts after the last row seen, found
 * through the sort's index however deep the client has scrolled, where an offset makes the
 * database walk past every row before it. The cursor is opaque to clients: base64url of JSON
 * naming the sort it was made for and the last row's sort key and id. It comes back from the
 * client, so everything in it is checked before it reaches a query: a cursor that does not read
 * is 400 VALIDATION_FAILED_400 on /query/cursor, never a database error.
 */
import type { FilterQuery } from '@mikro-orm/core';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';
import type { PageRequest, SortDirection } from './pagination';

/** What a key's values are, so a forged cursor cannot hand the database something else. */
export type KeyType = 'string' | 'timestamp' | 'uuid' | 'integer';

export interface KeysetKey {
  /** The entity property (from the route's sort whitelist, or the list's default). */
  property: string;
  direction: SortDirection;
  type: KeyType;
}

export type KeyValue = string | number;

const FIELD = '/query/cursor';
const MAX_STRING = 1024;
// As PostgreSQL writes a timestamptz (`2026-11-21 09:30:00.123456+00`), microseconds and all.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(:\d{2}){0,2}$/;

/**
 * The keys of a list's order: its one sort field (or the default), then the id, which makes
 * every key unique and follows the sort's direction so that one index serves both. Keysets take
 * one sort field at most: with more, the cursor is refused.
 */
export class Keyset {
  private constructor(readonly keys: readonly KeysetKey[]) {}

  /**
   * The keyset of a page request. `types` names the type of every property the list sorts on;
   * `fallback` is the list's default order; `id` its unique tiebreaker.
   */
  static of(page: PageRequest, fallback: { property: string; direction: SortDirection }, types: Readonly<Record<string, KeyType>>, id = 'id'): Keyset {
    if (page.sort.length > 1) refuse('sort', 'a cursor follows one sort field at most');
    const { property, direction } = page.sort[0] ?? fallback;
    return new Keyset([
      { property, direction, type: types[property] },
      { property: id, direction, type: types[id] ?? 'uuid' },
    ]);
  }

  /** The order the keys impose, as a MikroORM `orderBy`. */
  orderBy(): Record<string, SortDirection> {
    return Object.fromEntries(this.keys.map((k) => [k.property, k.direction]));
  }

  /** The cursor that starts the page after the row with these key values. */
  cursorAfter(values: readonly KeyValue[]): string {
    return Buffer.from(JSON.stringify({ s: this.signature(), v: values })).toString('base64url');
  }

  /** The key values a cursor holds; 400 on /query/cursor if it is not one of this keyset's. */
  read(cursor: string): KeyValue[] {
    let decoded: unknown;
    try {
      if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
      decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      refuse('format', 'not a cursor this list gave out');
    }
    const { s, v } = (decoded ?? {}) as { s?: unknown; v?: unknown };
    if (typeof s !== 'string') refuse('format', 'not a cursor this list gave out');
    if (s !== this.signature()) refuse('sort', 'the cursor was made for another sort: send the sort it was given with');
    if (!Array.isArray(v) || v.length !== this.keys.length || !this.keys.every((key, i) => fits(key.type, v[i]))) {
      refuse('format', 'not a cursor this list gave out');
    }
    return v as KeyValue[];
  }

  /**
   * The rows after the one with these key values, in the keys' order. The leading bound on the
   * first key alone is implied by the rest, and is there so the database starts its index scan
   * at the cursor instead of filtering every row before it.
   */
  after(values: readonly KeyValue[]): FilterQuery<object> {
    const beyond = (i: number) => ({ [this.keys[i].direction === 'asc' ? '$gt' : '$lt']: values[i] });
    const alternatives = this.keys.map((key, i) => ({
      ...Object.fromEntries(this.keys.slice(0, i).map((k, j) => [k.property, values[j]])),
      [key.property]: beyond(i),
    }));
    const first = this.keys[0];
    return { $and: [{ [first.property]: { [first.direction === 'asc' ? '$gte' : '$lte']: values[0] } }, { $or: alternatives }] } as FilterQuery<object>;
  }

  private signature(): string {
    return this.keys.map((k) => `${k.property}:${k.direction}`).join(',');
  }
}

function fits(type: KeyType, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return Number.isSafeInteger(value);
    case 'uuid':
      return typeof value === 'string' && isUuid(value);
    case 'timestamp':
      return typeof value === 'string' && isTimestamp(value);
    case 'string':
      return typeof value === 'string' && value.length <= MAX_STRING;
  }
}

/** A timestamp PostgreSQL reads: the pattern alone would let 2026-02-30 through to the database. */
function isTimestamp(value: string): boolean {
  const parts = TIMESTAMP.exec(value);
  if (!parts) return false;
  const [year, month, day, hours, minutes, seconds, , offset] = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => Number(parts[i]));
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hours < 24 && minutes < 60 && seconds < 60 && offset < 16;
}

function refuse(rule: string, message: string): never {
  throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field: FIELD, rule, message }] });
}
