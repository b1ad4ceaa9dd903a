import { v7 } from 'uuid';

/** A new identifier: a UUID v7 string, time-ordered so new rows land at the end of an index. */
export function newId(): string {
  return v7();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is spelled as a UUID (any version, either case): what an id column can hold. */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
