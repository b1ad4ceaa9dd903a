import { AppError, KernelErrors, Keyset, type KeyType, type PageRequest, type SortDirection, type FilterQuery } from '@atrium/kernel';
import type { User } from './user.entity';

/** The list's sort whitelist (API field → property), the export's too. */
export const USER_SORT = { username: 'username', nickname: 'nickname', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;

/** The list's order when the request names none: newest first. */
const DEFAULT_ORDER = { property: 'createdAt', direction: 'desc' } as const;

/** What each sortable property holds, so the keyset can check what a cursor brings back. */
const SORT_KEY_TYPES: Readonly<Record<string, KeyType>> = {
  username: 'string',
  nickname: 'string',
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
  id: 'uuid',
};

/**
 * The order of a page by offset: the request's sort, or newest first. The id (UUID v7,
 * time-ordered) breaks ties so pages never overlap, in the first sort's direction, so that one
 * index (the sort's column, then the id: migrations/0002-list-indexes.ts) reads a page in order.
 */
export function listOrder(page: PageRequest): Record<string, SortDirection> {
  const direction = page.sort[0]?.direction ?? DEFAULT_ORDER.direction;
  return { ...page.orderBy({ [DEFAULT_ORDER.property]: DEFAULT_ORDER.direction }), id: direction };
}

/**
 * A scroll by cursor: the keyset of the request's sort (its order is listOrder's), and the
 * condition of the rows after the cursor; none for an empty cursor, which starts at the first
 * row. A cursor takes the place of `page`.
 */
export function userScroll(page: PageRequest, cursor: string): { keyset: Keyset; after: FilterQuery<User> } {
  if (page.page !== 1) {
    throw new AppError(KernelErrors.VALIDATION_FAILED_400, {
      details: [{ field: '/query/page', rule: 'cursor', message: 'a cursor takes the place of page: send one or the other' }],
    });
  }
  const keyset = Keyset.of(page, DEFAULT_ORDER, SORT_KEY_TYPES);
  return { keyset, after: cursor === '' ? {} : (keyset.after(keyset.read(cursor)) as FilterQuery<User>) };
}
