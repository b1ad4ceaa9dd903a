import { permissionGrants, type ErrorDetail, type Principal, type RowScope } from '@atrium/kernel';
import type { RoleGrant } from '@atrium/module/roles';

/** What the caller holds, as the rules below read it from the principal. */
export interface Caller {
  userId: string;
  permissions: readonly string[];
  /** Absent: the caller sees every row. */
  rowScope?: RowScope;
  /** The data scopes of the caller's roles (auth's `attributes.dataScopes`). */
  dataScopes: readonly string[];
}

export function callerOf(principal: Principal): Caller {
  const dataScopes = principal.attributes?.dataScopes;
  return {
    userId: principal.userId,
    permissions: principal.permissions,
    rowScope: principal.rowScope,
    dataScopes: Array.isArray(dataScopes) ? dataScopes.filter((s): s is string => typeof s === 'string') : [],
  };
}

/** Whether users of `deptId` are within the caller's data scope (a caller must see who it writes). */
export function deptInScope(caller: Caller, deptId: string | null): boolean {
  const scope = caller.rowScope;
  return !scope || scope.all || (deptId !== null && scope.deptIds.includes(deptId));
}

/**
 * Whether a user is in the caller's data scope: the rule of `rowScoped(UserEntity, { dept:
 * 'deptId', owner: 'id' })`, which narrows queries in requests, for work done outside one (the import task).
 */
export function userInScope(caller: Caller, user: { id: string; deptId?: string | null }): boolean {
  const scope = caller.rowScope;
  if (!scope || scope.all) return true;
  return (user.deptId != null && scope.deptIds.includes(user.deptId)) || (scope.ownerId !== null && scope.ownerId === user.id);
}

/** How far each scope relative to its holder reaches (as the roles module ranks them). */
const REACH: Readonly<Record<string, number>> = { self: 1, dept: 2, dept_and_children: 3 };

/**
 * Why the caller may not hand these roles to someone (or take over an account holding them), one
 * detail per offence; empty when allowed. Nobody grants what they do not hold: every permission
 * of each role must be granted by one of the caller's, and its data scope may not see more.
 */
export function holdingProblems(caller: Caller, grants: readonly RoleGrant[], field: string): ErrorDetail[] {
  return grants.flatMap((grant) => [
    ...grant.permissions
      .filter((code) => !caller.permissions.some((held) => permissionGrants(held, code)))
      .map((code) => ({
        field,
        rule: 'escalation',
        message: `role "${grant.code}" grants ${code}, which you do not hold`,
        roleId: grant.id,
        permission: code,
      })),
    ...(scopeIsWider(caller, grant)
      ? [
          {
            field,
            rule: 'escalation',
            message: `role "${grant.code}" has the data scope "${grant.dataScope}", which sees more than yours`,
            roleId: grant.id,
            dataScope: grant.dataScope,
          },
        ]
      : []),
  ]);
}

function scopeIsWider(caller: Caller, grant: RoleGrant): boolean {
  const scope = caller.rowScope;
  if (!scope || scope.all) return false;
  if (grant.dataScope === 'all') return true;
  if (grant.dataScope === 'custom') return grant.deptIds.some((id) => !scope.deptIds.includes(id));
  const reach = Math.max(0, scope.ownerId !== null ? REACH.self : 0, ...caller.dataScopes.map((s) => REACH[s] ?? 0));
  return reach < REACH[grant.dataScope];
}
