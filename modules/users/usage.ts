import { UNSCOPED, type ModuleContext } from '@atrium/kernel';
import type { DepartmentUsage } from '@atrium/module/departments';
import type { RoleUsage } from '@atrium/module/roles';
import { UserEntity, UserRoleEntity } from './user.entity';

/** `departments.usage`: a department with users in it cannot be deleted. */
export function departmentUsage(ctx: ModuleContext): DepartmentUsage {
  return { what: 'users', countIn: (deptId) => ctx.db.em().count(UserEntity, { deptId }, UNSCOPED) };
}

/** `roles.usage`: users holding the role. */
export function roleUsage(ctx: ModuleContext): RoleUsage {
  return { what: 'users', countWith: (roleId) => ctx.db.em().count(UserRoleEntity, { roleId }) };
}
