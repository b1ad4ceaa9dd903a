import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';
import type { DataScope } from './api';

export type RoleStatus = 'active' | 'disabled';

/**
 * A role. What it grants and the departments a `custom` one sees live in their own tables
 * (below), written by the service alongside the role. Tables: migrations/0001-create-roles.ts.
 */
export const RoleEntity = defineEntity({
  name: 'Role',
  tableName: 'roles_role',
  properties: (p) => ({
    ...resourceColumns(p),
    code: p.string().length(64),
    name: p.string().length(128),
    status: p.string().length(16).$type<RoleStatus>(),
    dataScope: p.string().length(32).$type<DataScope>(),
    remark: p.string().length(500).nullable(),
  }),
});
export type Role = InferEntity<typeof RoleEntity>;

/** One permission code (wildcards allowed) a role grants. */
export const RolePermissionEntity = defineEntity({
  name: 'RolePermission',
  tableName: 'roles_role_permission',
  properties: (p) => ({
    roleId: p.uuid().primary(),
    permission: p.string().length(200).primary(),
  }),
});
export type RolePermission = InferEntity<typeof RolePermissionEntity>;

/** One department a `custom` role sees (an id of the departments module). */
export const RoleDeptEntity = defineEntity({
  name: 'RoleDept',
  tableName: 'roles_role_dept',
  properties: (p) => ({
    roleId: p.uuid().primary(),
    deptId: p.uuid().primary(),
  }),
});
export type RoleDept = InferEntity<typeof RoleDeptEntity>;
