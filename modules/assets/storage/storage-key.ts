import { newId } from '@atrium/kernel';

const ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^(?:${ID}/)?${ID}$`);

/**
 * A new storage key under its tenant's folder, `<tenant id>/<UUID v7>`: a tenant's bytes are
 * one folder (one prefix in a bucket), to back up, move or inspect. Never anything a client sent.
 */
export function newStorageKey(tenantId: string): string {
  const key = `${tenantId}/${newId()}`;
  if (!KEY.test(key)) throw new Error(`not a tenant id: ${JSON.stringify(tenantId)}`);
  return key;
}

/**
 * Whether `text` is a key this module makes (what stores accept, and what the cleanup may
 * delete): `<tenant id>/<id>`, or a bare `<id>` written before tenants had folders.
 */
export function isStorageKey(text: string): boolean {
  return KEY.test(text);
}

/** The key's folder (its tenant's id; none for a bare key) and its own id. */
export function partsOf(key: string): { folder?: string; id: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { id: key } : { folder: key.slice(0, slash), id: key.slice(slash + 1) };
}
