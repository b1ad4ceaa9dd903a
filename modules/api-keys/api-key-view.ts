import { displayPrefix } from './api-key-secret';
import type { ApiKey } from './api-key.entity';
import type { ApiKeyView, OwnedApiKeyView } from './api-key.schemas';

/** A key as the API shows it: never its secret nor its hash. */
export function toApiKeyView(row: ApiKey): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: displayPrefix(row.lookup),
    permissions: row.permissions,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A key as administrators list it: with its owner. */
export function toOwnedApiKeyView(row: ApiKey): OwnedApiKeyView {
  return { ...toApiKeyView(row), userId: row.userId, username: row.username };
}
