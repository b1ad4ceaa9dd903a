import { Type, named, resourceViewSchema } from '@atrium/kernel';
import { LINK_BY } from './provider.entity';

const LinkBy = Type.Union(
  LINK_BY.map((value) => Type.Literal(value)),
  {
    description:
      'How an identity whose subject is linked to nobody finds its user: by the email claim (when the provider says it is verified), the username claim, or not at all',
  },
);

const view = {
  name: Type.String({ description: 'In the sign-in paths: /auth/oidc/{name}/start' }),
  displayName: Type.String({ description: "The sign-in button's label" }),
  issuer: Type.String({ description: "The provider's issuer identifier; its discovery document is read from <issuer>/.well-known/openid-configuration" }),
  clientId: Type.String(),
  usernameClaim: Type.String({ description: 'The ID token claim a new user takes their username from' }),
  emailClaim: Type.String({ description: 'The ID token claim holding the email address' }),
  linkBy: LinkBy,
  defaultRoleId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'The role a user created on sign-in holds' }),
  jit: Type.Boolean({ description: 'Whether an identity that finds no user creates one' }),
  enabled: Type.Boolean(),
};

/** A provider as its administrators read it: the client secret is never in it. */
export const ProviderSchema = resourceViewSchema('SsoProvider', view);

const Name = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$', description: 'Lowercase letters, digits and hyphens' });
const Label = Type.String({ minLength: 1, maxLength: 128, pattern: '\\S' });
const Issuer = Type.String({ format: 'uri', maxLength: 512, pattern: '^https?://' });
const ClientId = Type.String({ minLength: 1, maxLength: 256 });
const ClientSecret = Type.String({ minLength: 1, maxLength: 1024, description: 'Stored sealed (AES-256-GCM); never answered' });
const Claim = Type.String({ minLength: 1, maxLength: 64 });
const RoleId = Type.Union([Type.String({ format: 'uuid' }), Type.Null()]);

export const CreateProviderBody = named(
  'SsoProviderCreate',
  Type.Object({
    name: Name,
    displayName: Label,
    issuer: Issuer,
    clientId: ClientId,
    clientSecret: ClientSecret,
    usernameClaim: Type.Optional({ ...Claim, description: '`preferred_username` when left out' }),
    emailClaim: Type.Optional({ ...Claim, description: '`email` when left out' }),
    linkBy: Type.Optional({ ...LinkBy, description: '`email` when left out' }),
    defaultRoleId: Type.Optional(RoleId),
    jit: Type.Optional(Type.Boolean({ description: 'false when left out' })),
    enabled: Type.Optional(Type.Boolean({ description: 'true when left out' })),
  }),
);

export const UpdateProviderBody = named(
  'SsoProviderUpdate',
  Type.Object({
    displayName: Type.Optional(Label),
    issuer: Type.Optional(Issuer),
    clientId: Type.Optional(ClientId),
    clientSecret: Type.Optional({ ...ClientSecret, description: 'A new secret; left out, the stored one stays' }),
    usernameClaim: Type.Optional(Claim),
    emailClaim: Type.Optional(Claim),
    linkBy: Type.Optional(LinkBy),
    defaultRoleId: Type.Optional(RoleId),
    jit: Type.Optional(Type.Boolean()),
    enabled: Type.Optional(Type.Boolean()),
    version: Type.Integer({ minimum: 1, description: 'The version the caller read' }),
  }),
);
