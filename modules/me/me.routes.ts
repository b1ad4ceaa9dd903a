import { AppError, DEFAULT_TENANT_ID, KernelErrors, Type, defineRoute, runInTenant, type ModuleContext, type Principal } from '@atrium/kernel';
import type { AuthAttributes } from '@atrium/module/auth';
import { MenuTreeApi } from '@atrium/module/menus';
import { TenantDirectoryApi } from '@atrium/module/tenants';
import { UserDirectoryApi, type UserIdentity } from '@atrium/module/users';
import { MeSchema, MenuNodeSchema } from './me.schemas';

export const getMe = defineRoute({
  method: 'GET',
  path: '/me',
  permission: 'me:profile:query',
  summary: 'The caller: their account, tenant, roles, permissions and data scope',
  description:
    "Who the token belongs to: the account (never a password or hash), the tenant they signed in to, the codes of their active roles, the permission codes they hold (a segment may be `*`) and the union of their roles' data scopes.",
  response: MeSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: async ({ principal }, ctx) => {
    const [user, tenant] = await Promise.all([identityOf(ctx, principal), tenantOf(ctx, principal)]);
    const attributes = principal.attributes as Partial<AuthAttributes> | undefined;
    // A principal without a row scope sees every row (kernel/auth/principal.ts).
    const scope = principal.rowScope ?? { all: true, deptIds: [], ownerId: null };
    return {
      user,
      tenant,
      roles: attributes?.roleCodes ?? [],
      permissions: [...principal.permissions],
      dataScope: { all: scope.all, deptIds: [...scope.deptIds], self: scope.ownerId !== null },
    };
  },
});

export const getMyMenus = defineRoute({
  method: 'GET',
  path: '/me/menus',
  permission: 'me:menu:list',
  summary: 'The menu tree the caller may see: visible menus of enabled modules whose permission they hold',
  description:
    "Only visible menus of enabled modules, whose permission the caller holds, nested under `children` and ordered by sort then title. Each `title` is in the caller's language (Accept-Language) when the menu has one in it (a module declares its menus' translations; an API menu carries its `titles`), else the menu's stored title. What a console draws its navigation from.",
  // `data` is an object, as every response's is (contract 2.1): the roots are its `items`.
  response: Type.Object({ items: Type.Array(MenuNodeSchema) }),
  handler: async ({ principal, language }, ctx) => ({ items: await ctx.use(MenuTreeApi).treeFor(principal.permissions, language) }),
});

/**
 * The caller's account. Auth refuses the tokens of users who are gone, so only a principal from
 * another authenticator can name no user.
 */
async function identityOf(ctx: ModuleContext, principal: Principal): Promise<UserIdentity> {
  const read = () => ctx.use(UserDirectoryApi).identity(principal.userId);
  // A platform administrator inside a tenant is still its own account, in its own tenant.
  const user = await (principal.homeTenantId ? runInTenant(principal.homeTenantId, read) : read());
  if (!user) throw new AppError(KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, { details: [{ message: 'the caller has no user account' }] });
  return user;
}

/** The tenant the caller acts in, as a console shows it. */
async function tenantOf(ctx: ModuleContext, principal: Principal): Promise<{ id: string; code: string; name: string }> {
  const tenant = await ctx.use(TenantDirectoryApi).byId(principal.tenantId ?? DEFAULT_TENANT_ID);
  if (!tenant) throw new AppError(KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, { details: [{ message: "the caller's tenant does not exist" }] });
  return { id: tenant.id, code: tenant.code, name: tenant.name };
}
