import { notFound, recordChange, type ModuleContext } from '@atrium/kernel';
import { toApiKeyView } from './api-key-view';
import { apiKeysState } from './api-keys-state';

/** How the audit log names a key's changes, and the 404 a missing one. */
export const API_KEY_RESOURCE = 'api key';

/**
 * Revokes a live key (one of `ownerId`'s, when given: else 404 as if it did not exist) and drops
 * its cached row on every instance, so its next request anywhere is refused. Recorded as a delete.
 */
export async function revokeKey(ctx: ModuleContext, id: string, ownerId?: string): Promise<void> {
  const { store, callers } = apiKeysState(ctx);
  const row = await store.revoke(id, ownerId);
  if (!row) throw notFound(API_KEY_RESOURCE, id);
  await callers.forget(row.lookup);
  recordChange({ resource: API_KEY_RESOURCE, id: row.id, action: 'delete', before: toApiKeyView(row) });
}
