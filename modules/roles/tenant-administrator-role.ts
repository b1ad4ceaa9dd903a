import { newId, type ModuleContext } from '@atrium/kernel';
import type { TenantProvisioner } from '@atrium/module/tenants';
import { ADMIN_ROLE_CODE } from './api';
import { RoleEntity, RolePermissionEntity } from './role.entity';

/**
 * A new tenant's administrator role (tenants.provisioner): code `admin`, as in every tenant, with
 * data scope `all` and what the tenant may hold. Made and taken back inside the new tenant, so
 * it is that tenant's role and no other's.
 */
export function tenantAdministratorRole(ctx: ModuleContext): TenantProvisioner {
  return {
    provision: ({ permissions }) =>
      ctx.db.transactional(async (em) => {
        const id = newId();
        em.create(RoleEntity, {
          id,
          code: ADMIN_ROLE_CODE,
          name: 'Administrator',
          status: 'active',
          dataScope: 'all',
          remark: "The tenant's administrator role, made with the tenant",
        });
        for (const permission of permissions) em.create(RolePermissionEntity, { roleId: id, permission });
      }),
    undo: async () => {
      await ctx.db.em().nativeDelete(RoleEntity, { code: ADMIN_ROLE_CODE });
    },
  };
}
