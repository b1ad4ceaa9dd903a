import { AppError, KernelErrors, defineResource, equals, type ModuleContext } from '@atrium/kernel';
import { RoleDirectoryApi } from '@atrium/module/roles';
import { clientSecretBox } from './client-secret';
import { SsoErrors } from './errors';
import { ProviderEntity } from './provider.entity';
import { CreateProviderBody, ProviderSchema, UpdateProviderBody } from './provider.schemas';

/**
 * A tenant's OpenID Connect providers, as its administrators configure them. The client secret
 * is sealed before it is stored and never answered (the view has no field for it).
 */
export const providers = defineResource({
  path: '/sso/providers',
  entity: ProviderEntity,
  labels: { one: 'single sign-on provider', many: 'single sign-on providers' },
  permissions: { list: 'sso:provider:list', query: 'sso:provider:query', add: 'sso:provider:add', edit: 'sso:provider:edit', remove: 'sso:provider:remove' },
  schemas: { view: ProviderSchema, create: CreateProviderBody, update: UpdateProviderBody },
  filters: { enabled: equals('enabled', ProviderSchema.properties.enabled) },
  sort: { name: 'name', createdAt: 'createdAt' },
  defaultSort: { name: 'asc' },
  unique: { sso_provider_name_key: { error: SsoErrors.SYSTEM_SSO_PROVIDER_DUPLICATED_409, field: '/body/name' } },
  defaults: { usernameClaim: 'preferred_username', emailClaim: 'email', linkBy: 'email', defaultRoleId: null, jit: false, enabled: true },
  trim: ['displayName'],
  hooks: {
    checkWrite: (fields, ctx) => checkRole(fields.defaultRoleId, ctx),
    beforeCreate: (fields, { ctx }) => sealSecret(fields, ctx),
    beforeUpdate: (_row, change, { ctx }) => sealSecret(change, ctx),
  },
  docs: {
    create: { description: 'The client secret is stored sealed and never answered. Sign-in starts at GET /sso/oidc/{name}/start.' },
    update: { description: 'A `clientSecret` sent replaces the stored one; left out, it stays.' },
  },
});

function sealSecret(fields: Record<string, unknown>, ctx: ModuleContext): void {
  const { clientSecret } = fields;
  delete fields.clientSecret;
  if (typeof clientSecret === 'string') fields.clientSecretSealed = clientSecretBox(ctx).seal(clientSecret);
}

async function checkRole(roleId: unknown, ctx: ModuleContext): Promise<void> {
  if (typeof roleId !== 'string') return;
  if ((await ctx.use(RoleDirectoryApi).missing([roleId])).length > 0) {
    throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field: '/body/defaultRoleId', rule: 'exists', message: `no role ${roleId}` }] });
  }
}
