import { raw } from '@atrium/kernel';

/** `at` within [from, to): either end may be left open. */
export function timeRange(from?: string, to?: string): Record<string, unknown> {
  if (from === undefined && to === undefined) return {};
  return { at: { ...(from !== undefined ? { $gte: new Date(from) } : {}), ...(to !== undefined ? { $lt: new Date(to) } : {}) } };
}

/**
 * The username whatever its case, through the `lower(username)` index. A raw key is spent by
 * the query that uses it, so each query builds its filter anew.
 */
export function usernameIs(username?: string): Record<string, unknown> {
  return username === undefined ? {} : { [raw('lower(username)')]: username.toLowerCase() };
}
