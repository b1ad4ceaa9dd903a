import { newId } from '@atrium/kernel';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new storage key: a UUID v7, never anything a client sent. */
export function newStorageKey(): string {
  return newId();
}

/** Whether `text` is a key this module makes (what stores accept, and what the cleanup may delete). */
export function isStorageKey(text: string): boolean {
  return KEY.test(text);
}
