import { contribute, defineModule, provide } from '@atrium/kernel';
import { TenantProvisionerSpi } from '@atrium/module/tenants';
import { RoleDirectoryApi } from './api';
import { RolesErrors } from './errors';
import { RoleDirectoryService } from './role-directory';
import { RoleDeptEntity, RoleEntity, RolePermissionEntity } from './role.entity';
import { roles } from './role.resource';
import { tenantAdministratorRole } from './tenant-administrator-role';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/roles': '角色管理' } },
  errors: RolesErrors,
  entities: [RoleEntity, RolePermissionEntity, RoleDeptEntity],
  routes: roles.routes,
  provides: [provide(RoleDirectoryApi, (ctx) => new RoleDirectoryService(ctx.db))],
  contributes: [contribute(TenantProvisionerSpi, tenantAdministratorRole)],
});
