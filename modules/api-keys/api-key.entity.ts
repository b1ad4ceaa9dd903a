import { defineEntity, type InferEntity } from '@atrium/kernel';

/**
 * An API key (migrations/0001-create-api-keys.ts). Never its secret: the SHA-256 of it
 * (api-key-secret.ts). Written only by the module itself, so it carries no `version`; a revoked
 * key stays, so the refusal can say it was revoked.
 */
export const ApiKeyEntity = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys_key',
  properties: (p) => ({
    id: p.uuid().primary(),
    name: p.string().length(100),
    userId: p.uuid(),
    // The owner's username when the key was made: the administrators' list shows and filters it.
    username: p.string().length(64),
    lookup: p.string().length(16),
    secretHash: p.string().length(64),
    permissions: p.json<string[]>(),
    expiresAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  }),
});

export type ApiKey = InferEntity<typeof ApiKeyEntity>;
