import { Paginated, Type, defineRoute, notFound } from '@atrium/kernel';
import { UserDirectoryApi } from '@atrium/module/users';
import { toOwnedApiKeyView } from './api-key-view';
import { OwnedApiKeySchema } from './api-key.schemas';
import { apiKeysState } from './api-keys-state';
import { API_KEY_RESOURCE, revokeKey } from './revoke-key';

export const listApiKeys = defineRoute({
  method: 'GET',
  path: '/system/api-keys',
  permission: 'system:api-key:list',
  summary: 'Every live API key of the tenant, with its owner',
  description:
    'The keys not revoked of every user of the caller’s tenant, newest first: owner, name, prefix, permissions, expiry, last use and creation. Never a key’s secret. `username` keeps those whose owner’s name contains it.',
  list: { sort: { createdAt: 'createdAt', lastUsedAt: 'lastUsedAt', username: 'username' } },
  query: Type.Object({ username: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Part of the owner’s username, whatever its case' })) }),
  response: Paginated(OwnedApiKeySchema),
  handler: async ({ page, query }, ctx) => {
    const [rows, total] = await apiKeysState(ctx).store.list(page, { username: query.username });
    return page.result(rows.map(toOwnedApiKeyView), total);
  },
});

export const revokeApiKey = defineRoute({
  method: 'DELETE',
  path: '/system/api-keys/{id}',
  permission: 'system:api-key:remove',
  summary: 'Revoke any user’s API key',
  description:
    'The key is refused from the next request on, on every instance (`401 AUTH_TOKEN_REVOKED_401`). 404 when no live key has the id; 403 `PERM_DENIED_403` (a detail per permission the caller lacks) when the key’s owner outranks the caller.',
  params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
  response: Type.Object({}),
  handler: async ({ principal, params }, ctx) => {
    const owner = await apiKeysState(ctx).store.ownerOf(params.id);
    if (!owner) throw notFound(API_KEY_RESOURCE, params.id);
    await ctx.use(UserDirectoryApi).refuseOutranking(principal, owner, '/params/id');
    await revokeKey(ctx, params.id);
    return {};
  },
});
