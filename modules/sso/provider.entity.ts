import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';

/** How a provider's identity is matched to an existing user when its subject is linked to none. */
export const LINK_BY = ['email', 'username', 'none'] as const;

/** A tenant's OpenID Connect provider. The table is created by migrations/0001-create-sso.ts. */
export const ProviderEntity = defineEntity({
  name: 'SsoProvider',
  tableName: 'sso_provider',
  properties: (p) => ({
    ...resourceColumns(p),
    /** In paths (`/auth/oidc/{name}/start`): unique in the tenant. */
    name: p.string().length(64),
    displayName: p.string().length(128),
    issuer: p.string().length(512),
    clientId: p.string().length(256),
    /** The client secret, sealed (client-secret.ts); never in a view. */
    clientSecretSealed: p.text().hidden(),
    usernameClaim: p.string().length(64),
    emailClaim: p.string().length(64),
    linkBy: p.enum([...LINK_BY]),
    defaultRoleId: p.uuid().nullable(),
    jit: p.boolean(),
    enabled: p.boolean(),
  }),
});

export type Provider = InferEntity<typeof ProviderEntity>;

/** A provider's subject (`sub`), linked to the user it signs in as. */
export const LinkEntity = defineEntity({
  name: 'SsoLink',
  tableName: 'sso_link',
  properties: (p) => ({
    providerId: p.uuid().primary(),
    subject: p.string().length(255).primary(),
    userId: p.uuid(),
    createdAt: p.datetime(),
  }),
});
