import { Type, named, type Static } from '@atrium/kernel';
import { MAX_LIFETIME_DAYS } from './settings';

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = (description: string) => Type.Union([Timestamp, Type.Null()], { description });
/** A permission code, `*` allowed in a segment, as roles hold them. */
const PermissionCode = Type.String({ pattern: '^[A-Za-z0-9_*-]+:[A-Za-z0-9_*-]+:[A-Za-z0-9_*-]+$', maxLength: 256 });

const viewFields = {
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  prefix: Type.String({ description: 'The start of the key (`atr_` and its lookup part): enough to tell keys apart, nothing that proves anything.' }),
  permissions: Type.Array(Type.String(), { description: 'What the key may do, as long as its owner may too.' }),
  expiresAt: NullableTimestamp('When the key stops working; null: never.'),
  lastUsedAt: NullableTimestamp('When the key was last used, to the minute; null: never.'),
  createdAt: Timestamp,
};

export const ApiKeySchema = named('ApiKey', Type.Object(viewFields));
export type ApiKeyView = Static<typeof ApiKeySchema>;

export const OwnedApiKeySchema = named(
  'OwnedApiKey',
  Type.Object({
    ...viewFields,
    userId: Type.String({ format: 'uuid', description: 'The owner, whose permissions bound the key’s.' }),
    username: Type.String({ description: 'The owner’s username when the key was made.' }),
  }),
);
export type OwnedApiKeyView = Static<typeof OwnedApiKeySchema>;

export const CreatedApiKeySchema = named(
  'ApiKeyCreated',
  Type.Object({
    ...viewFields,
    key: Type.String({ description: 'The whole key, `atr_…`: shown this once and never again (only its hash is kept).' }),
  }),
);

export const ApiKeyCreate = named(
  'ApiKeyCreate',
  Type.Object({
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'What the key is for, to tell it apart in the list.' }),
    permissions: Type.Array(PermissionCode, {
      minItems: 1,
      maxItems: 200,
      uniqueItems: true,
      description: 'Each must be granted by a permission the caller holds.',
    }),
    expiresAt: Type.Optional(
      Type.Union([Timestamp, Type.Null()], {
        description: `In the future and at most ${MAX_LIFETIME_DAYS} days ahead; left out or null: the key never expires.`,
      }),
    ),
  }),
);
export type ApiKeyCreateBody = Static<typeof ApiKeyCreate>;
