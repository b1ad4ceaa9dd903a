import { v7 } from 'uuid';

/** A new identifier: a UUID v7 string, time-ordered so new rows land at the end of an index. */
export function newId(): string {
  return v7();
}
