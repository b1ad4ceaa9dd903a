import {
  AppError,
  KernelErrors,
  newId,
  type ErrorDefinition,
  type ErrorDetail,
  type ModuleContext,
  type Principal,
  type ResourceHooks,
  type Row,
} from '@atrium/kernel';
import { DepartmentTreeApi } from '@atrium/module/departments';
import { ADMIN_ROLE_ID, adminRoleProblems } from './admin-role';
import { ROLE_CHANGED, RoleUsageSpi } from './api';
import { RolesErrors } from './errors';
import { NO_ASSIGNMENTS, loadAssignments, replaceAssignments } from './role-assignments';
import { callerAccess, escalationProblems, removalProblems, type RoleGrantShape } from './role-escalation';
import type { Role } from './role.entity';

/**
 * What the roles' writes check and do besides storing the row, as the resource kit's hooks. Every
 * write is checked in the same order: the role exists and is at the version read, the
 * administrator role keeps its protections, the input is sound, and the caller is not handing out
 * more than they hold. What a role grants lives beside it (role-assignments.ts), written in the
 * write's transaction; auth drops cached grants on `roles.role-changed`.
 */
export const roleWrites: ResourceHooks = {
  // The departments module reads on a connection of its own: asked before the transaction.
  checkWrite: async (fields, ctx) => {
    const deptIds = (fields.deptIds as string[] | undefined) ?? [];
    if (deptIds.length === 0) return;
    if (fields.dataScope !== undefined) checkScopeDepartments(fields.dataScope as string, deptIds);
    const missing = await ctx.use(DepartmentTreeApi).missing(deptIds);
    if (missing.length > 0) invalid([{ field: '/body/deptIds', rule: 'exists', message: `no such departments: ${missing.join(', ')}`, deptIds: missing }]);
  },

  beforeCreate: async (fields, { em, principal }) => {
    // The validator filled the body's defaults: both are there, if only empty.
    const { permissions = [], deptIds = [] } = takeAssignments(fields);
    const grant = { permissions, deptIds, dataScope: fields.dataScope as RoleGrantShape['dataScope'] };
    checkScopeDepartments(grant.dataScope, deptIds);
    refuse(KernelErrors.PERM_DENIED_403, escalationProblems(callerAccess(caller(principal)), grant));
    // The id first: the role's rows are queued before the role itself.
    fields.id = newId();
    await replaceAssignments(em, fields.id as string, NO_ASSIGNMENTS, { permissions, deptIds });
  },

  beforeUpdate: async (row, change, { em, principal }) => {
    const role = row as unknown as Role;
    const access = callerAccess(caller(principal));
    if (access.roleIds.includes(role.id)) {
      refuse(KernelErrors.PERM_DENIED_403, [{ field: '/params/id', rule: 'own-role', message: 'you hold this role: nobody edits their own roles' }]);
    }
    const current = (await loadAssignments(em, [role.id])).get(role.id)!;
    const sent = takeAssignments(change);
    const dataScope = (change.dataScope as Role['dataScope'] | undefined) ?? role.dataScope;
    const next = {
      code: (change.code as string | undefined) ?? role.code,
      status: (change.status as string | undefined) ?? role.status,
      dataScope,
      // Leaving `custom` drops its departments unless the caller names some (which is refused).
      deptIds: sent.deptIds ?? (dataScope === 'custom' ? current.deptIds : []),
      permissions: sent.permissions ?? current.permissions,
    };
    if (role.id === ADMIN_ROLE_ID) refuse(RolesErrors.SYSTEM_ROLE_PROTECTED_409, adminRoleProblems(role, next));
    checkScopeDepartments(dataScope, next.deptIds);
    const removed = current.permissions.filter((code) => !next.permissions.includes(code));
    refuse(KernelErrors.PERM_DENIED_403, [...escalationProblems(access, next), ...removalProblems(access, removed, '/body/permissions')]);
    await replaceAssignments(em, role.id, current, next);
    // Set explicitly, so a change to the permissions or departments alone still moves the version.
    change.updatedAt = new Date();
  },

  // Other modules count their holders on connections of their own: asked before the transaction.
  checkDelete: async (row, ctx, principal) => {
    if (row.id === ADMIN_ROLE_ID) {
      refuse(RolesErrors.SYSTEM_ROLE_PROTECTED_409, [{ field: '/params/id', rule: 'protected', message: 'the administrator role cannot be deleted' }]);
    }
    const { permissions } = (await loadAssignments(ctx.db.em(), [row.id as string])).get(row.id as string)!;
    refuse(KernelErrors.PERM_DENIED_403, removalProblems(callerAccess(caller(principal)), permissions, '/params/id'));
    refuse(RolesErrors.SYSTEM_ROLE_IN_USE_409, await holders(row, ctx));
  },

  afterWrite: ({ before, after }, ctx) => ctx.events.publish(ROLE_CHANGED, { roleId: (after ?? before)!.id as string }),
};

/** The role's rows are not columns: taken out of the fields the kit stores. */
function takeAssignments(fields: Record<string, unknown>): { permissions?: string[]; deptIds?: string[] } {
  const { permissions, deptIds } = fields as { permissions?: string[]; deptIds?: string[] };
  delete fields.permissions;
  delete fields.deptIds;
  return { permissions, deptIds };
}

/** Only a custom data scope names departments. */
function checkScopeDepartments(dataScope: string, deptIds: readonly string[] | undefined): void {
  if (dataScope !== 'custom' && (deptIds?.length ?? 0) > 0) {
    invalid([{ field: '/body/deptIds', rule: 'dataScope', message: 'only a custom data scope names departments' }]);
  }
}

async function holders(row: Row, ctx: ModuleContext): Promise<ErrorDetail[]> {
  const found: ErrorDetail[] = [];
  for (const usage of ctx.contributions(RoleUsageSpi)) {
    const count = await usage.countWith(row.id as string);
    if (count > 0) found.push({ field: '/params/id', rule: 'in-use', message: `held by ${count} ${usage.what}`, what: usage.what, count });
  }
  return found;
}

/** Role routes name a permission, so the kernel has authenticated their caller. */
function caller(principal: Principal | null): Principal {
  if (!principal) throw new Error('a role is written on behalf of an authenticated caller');
  return principal;
}

function refuse(error: ErrorDefinition, details: ErrorDetail[]): void {
  if (details.length > 0) throw new AppError(error, { details });
}

function invalid(details: ErrorDetail[]): never {
  throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details });
}
