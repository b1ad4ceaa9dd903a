import { AppError, KernelErrors, defineResource, equals, type ModuleContext, type Principal } from '@atrium/kernel';
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
    checkWrite: (fields, ctx, principal) => checkRole(fields.defaultRoleId, ctx, principal),
    beforeCreate: (fields, { ctx }) => sealSecret(fields, ctx),
    beforeUpdate: (_row, change, { ctx }) => sealSecret(change, ctx),
  },
  docs: {
    create: { description: 'The client secret is stored sealed and never answered. Sign-in starts at GET /auth/oidc/{name}/start.' },
    update: { description: 'A `clientSecret` sent replaces the stored one; left out, it stays.' },
  },
});

function sealSecret(fields: Record<string, unknown>, ctx: ModuleContext): void {
  const { clientSecret } = fields;
  delete fields.clientSecret;
  if (typeof clientSecret === 'string') fields.clientSecretSealed = clientSecretBox(ctx).seal(clientSecret);
}

/**
 * The default role must exist, and be one the caller may hand out: every user the provider
 * creates gets it, so setting it is handing it out (403 PERM_DENIED_403 for a role granting more
 * than the caller holds, as assigning it to a user would be).
 */
async function checkRole(roleId: unknown, ctx: ModuleContext, principal: Principal | null): Promise<void> {
  if (typeof roleId !== 'string') return;
  const roles = ctx.use(RoleDirectoryApi);
  if ((await roles.missing([roleId])).length > 0) {
    throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field: '/body/defaultRoleId', rule: 'exists', message: `no role ${roleId}` }] });
  }
  if (!principal) return;
  const escalations = await roles.handOutProblems(principal, [roleId], '/body/defaultRoleId');
  if (escalations.length > 0) throw new AppError(KernelErrors.PERM_DENIED_403, { details: escalations });
}
