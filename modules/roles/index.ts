import { defineModule, provide } from '@atrium/kernel';
import { RoleDirectoryApi } from './api';
import { RolesErrors } from './errors';
import { RoleDirectoryService } from './role-directory';
import { RoleDeptEntity, RoleEntity, RolePermissionEntity } from './role.entity';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: RolesErrors,
  entities: [RoleEntity, RolePermissionEntity, RoleDeptEntity],
  routes: [listRoles, getRole, createRole, updateRole, deleteRole],
  provides: [provide(RoleDirectoryApi, (ctx) => new RoleDirectoryService(ctx.db))],
});
