import { flushChanges, newId, type ErrorDetail, type ModuleContext } from '@atrium/kernel';
import { ADMIN_ROLE_CODE, RoleDirectoryApi } from '@atrium/module/roles';
import type { TenantProvisioner } from '@atrium/module/tenants';
import { normaliseUsername } from './normalisation';
import { passwordPolicyProblems } from './password-policy';
import { hashPassword } from './passwords';
import { USER_UNIQUE_KEYS } from './user-input';
import { withinUserLimit } from './user-limit';
import { UserEntity, UserRoleEntity } from './user.entity';

/**
 * A new tenant's first administrator (tenants.provisioner): a user of the tenant holding the
 * tenant's `admin` role, which the roles module made just before. The username and password
 * are held to the rules of any user, before anything of the tenant is written.
 */
export function tenantAdministrator(ctx: ModuleContext): TenantProvisioner {
  return {
    async check({ administrator }) {
      const username = normaliseUsername(administrator.username);
      const problems: ErrorDetail[] = username.ok ? [] : [{ field: '/body/admin/username', rule: 'format', message: username.reason }];
      return [...problems, ...(await passwordPolicyProblems(ctx, administrator.password, '/body/admin/password'))];
    },
    async provision({ administrator }) {
      const username = usernameOf(administrator.username);
      const role = await ctx.use(RoleDirectoryApi).findByCode(ADMIN_ROLE_CODE);
      if (!role) throw new Error(`the new tenant has no "${ADMIN_ROLE_CODE}" role to give its administrator: the roles module makes it first`);
      const passwordHash = await hashPassword(administrator.password);
      await withinUserLimit(ctx, ctx.db.em(), async (em) => {
        const id = newId();
        em.create(UserEntity, { id, username, nickname: 'Administrator', email: null, phone: null, passwordHash, status: 'active', deptId: null });
        em.create(UserRoleEntity, { userId: id, roleId: role.id });
        await flushChanges(em, USER_UNIQUE_KEYS);
      });
    },
    async undo({ administrator }) {
      await ctx.db.em().nativeDelete(UserEntity, { username: usernameOf(administrator.username) });
    },
  };
}

/** The username `check` accepted, normalised as every username is. */
function usernameOf(sent: string): string {
  const username = normaliseUsername(sent);
  if (!username.ok) throw new Error(`the administrator's username was not checked: ${username.reason}`);
  return username.value;
}
