import { Paginated, Type, defineRoute, recordChange } from '@atrium/kernel';
import { toApiKeyView } from './api-key-view';
import { ApiKeyCreate, ApiKeySchema, CreatedApiKeySchema } from './api-key.schemas';
import { apiKeysState } from './api-keys-state';
import { ApiKeyErrors } from './errors';
import { expiryOf, refuseEscalation, requireOwnSession } from './key-rules';
import { API_KEY_RESOURCE, revokeKey } from './revoke-key';

export const listMyApiKeys = defineRoute({
  method: 'GET',
  path: '/me/api-keys',
  permission: 'me:api-key:list',
  summary: 'The caller’s API keys',
  description:
    'The keys the caller made and has not revoked, newest first: name, prefix, permissions, expiry, last use (to the minute) and creation. Never a key’s secret. From the caller’s own session only (not with an API key).',
  list: { sort: { createdAt: 'createdAt', name: 'name', lastUsedAt: 'lastUsedAt' } },
  response: Paginated(ApiKeySchema),
  errors: [ApiKeyErrors.API_KEY_SESSION_REQUIRED_403],
  handler: async ({ principal, page }, ctx) => {
    requireOwnSession(principal);
    const [rows, total] = await apiKeysState(ctx).store.list(page, { userId: principal.userId });
    return page.result(rows.map(toApiKeyView), total);
  },
});

export const createMyApiKey = defineRoute({
  method: 'POST',
  path: '/me/api-keys',
  permission: 'me:api-key:add',
  status: 201,
  summary: 'Make an API key',
  description:
    'Answers the key with `key`, the whole secret (`atr_…`): shown this once, only its hash is kept. Send it as `Authorization: Bearer atr_…` or `X-API-Key: atr_…`. Each permission must be granted by one the caller holds (else 403 `PERM_DENIED_403`, a detail per code); at each use the key may do only what both it and its owner may do then. From the caller’s own session only.',
  body: ApiKeyCreate,
  response: CreatedApiKeySchema,
  errors: [ApiKeyErrors.API_KEY_SESSION_REQUIRED_403],
  handler: async ({ principal, body }, ctx) => {
    requireOwnSession(principal);
    refuseEscalation(principal, body.permissions);
    const expiresAt = expiryOf(body.expiresAt);
    const { row, key } = await apiKeysState(ctx).store.create({
      userId: principal.userId,
      username: principal.username,
      name: body.name.trim(),
      permissions: body.permissions,
      expiresAt,
    });
    const view = toApiKeyView(row);
    recordChange({ resource: API_KEY_RESOURCE, id: row.id, action: 'create', after: view });
    return { ...view, key };
  },
});

export const revokeMyApiKey = defineRoute({
  method: 'DELETE',
  path: '/me/api-keys/{id}',
  permission: 'me:api-key:remove',
  summary: 'Revoke one of the caller’s API keys',
  description:
    'The key is refused from the next request on, on every instance (`401 AUTH_TOKEN_REVOKED_401`). A key that is not the caller’s, or already revoked, is 404. From the caller’s own session only.',
  params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
  response: Type.Object({}),
  errors: [ApiKeyErrors.API_KEY_SESSION_REQUIRED_403],
  handler: async ({ principal, params }, ctx) => {
    requireOwnSession(principal);
    await revokeKey(ctx, params.id, principal.userId);
    return {};
  },
});
