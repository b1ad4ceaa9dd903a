import { KernelErrors, contains, defineResource, equals } from '@atrium/kernel';
import { RolesErrors } from './errors';
import { roleViews } from './role-view';
import { roleWrites } from './role-writes';
import { RoleEntity } from './role.entity';
import { CreateRoleBody, RoleSchema, RoleStatus, UpdateRoleBody } from './role.schemas';

const { PERM_DENIED_403, SYSTEM_VERSION_CONFLICT_409, VALIDATION_FAILED_400 } = KernelErrors;
const { SYSTEM_ROLE_DUPLICATED_409, SYSTEM_ROLE_IN_USE_409, SYSTEM_ROLE_PROTECTED_409 } = RolesErrors;

/**
 * Of two updates that race to add the same permission (or department) to a role, the loser meets
 * the winner's row before its own version check: that, too, is the role having changed meanwhile.
 */
const changedMeanwhile = { error: SYSTEM_VERSION_CONFLICT_409, field: '/body/version', message: 'the role changed meanwhile' };

/**
 * The roles: their permissions and data scope are kept in tables of their own (role-assignments.ts),
 * read with the roles a page at a time and written by the hooks (role-writes.ts), which hold the
 * administrator role's protections and refuse handing out more than the caller holds.
 */
export const roles = defineResource({
  path: '/roles',
  entity: RoleEntity,
  labels: { one: 'role', many: 'roles' },
  permissions: 'system:role',
  schemas: { view: RoleSchema, create: CreateRoleBody, update: UpdateRoleBody },
  filters: { keyword: contains(['code', 'name'], 'Part of the code or the name.'), status: equals('status', RoleStatus) },
  sort: { code: 'code', name: 'name', createdAt: 'createdAt' },
  // Newest first; the id (time-ordered) breaks ties so pages never overlap.
  defaultSort: { createdAt: 'desc', id: 'desc' },
  unique: {
    roles_role_code_key: { error: SYSTEM_ROLE_DUPLICATED_409, field: '/body/code' },
    roles_role_permission_pkey: changedMeanwhile,
    roles_role_dept_pkey: changedMeanwhile,
  },
  views: roleViews,
  hooks: roleWrites,
  errors: {
    create: [VALIDATION_FAILED_400, PERM_DENIED_403],
    update: [VALIDATION_FAILED_400, PERM_DENIED_403, SYSTEM_ROLE_PROTECTED_409],
    delete: [PERM_DENIED_403, SYSTEM_ROLE_PROTECTED_409, SYSTEM_ROLE_IN_USE_409],
  },
  docs: {
    list: { description: 'Roles with their permissions and data scope. Filters and sort fields are listed with the parameters.' },
    get: {
      summary: 'One role, with its permissions and departments',
      description: 'One role: its permission codes, its data scope and, for a `custom` scope, the departments it covers.',
    },
    create: {
      summary: 'Adds a role granting no more than the caller holds',
      description:
        'Every permission must be granted by one of the caller’s, and the data scope may not see more than the caller’s (403 PERM_DENIED_403 otherwise).',
    },
    update: {
      summary: 'Changes a role; `version` is the one the caller read, fields left out keep their value',
      description:
        'Nobody edits a role they hold, nor adds, keeps or takes away a permission they do not hold (403 PERM_DENIED_403 naming it). The administrator role stays active, keeps its code and `*:*:*` (409 SYSTEM_ROLE_PROTECTED_409).',
    },
    delete: {
      summary: 'Removes a role no user holds; with `version`, only if it is still the one the caller read',
      description: 'Nobody deletes a role granting a permission they do not hold (403 PERM_DENIED_403 naming it).',
    },
  },
});
