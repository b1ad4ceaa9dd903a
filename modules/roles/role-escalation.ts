import { permissionGrants, type ErrorDetail, type Principal, type RowScope } from '@atrium/kernel';
import type { DataScope } from './api';

/** What the caller holds, as the escalation rules read it from the principal. */
export interface CallerAccess {
  permissions: readonly string[];
  /** Absent: the caller sees every row (an authenticator without data scopes, or scope `all`). */
  rowScope?: RowScope;
  /** The data scopes of the caller's roles (auth's `attributes.dataScopes`). */
  dataScopes: readonly string[];
  /** The roles the caller holds (auth's `attributes.roleIds`). */
  roleIds: readonly string[];
}

export function callerAccess(principal: Principal): CallerAccess {
  const attributes = principal.attributes ?? {};
  return {
    permissions: principal.permissions,
    rowScope: principal.rowScope,
    dataScopes: strings(attributes.dataScopes),
    roleIds: strings(attributes.roleIds),
  };
}

/** What a role would grant once written. */
export interface RoleGrantShape {
  permissions: readonly string[];
  dataScope: DataScope;
  deptIds: readonly string[];
}

/**
 * How far each scope that is relative to the role's holder reaches. A caller may hand out a
 * relative scope only when one of their own reaches as far; `custom` is compared department by
 * department instead, and `all` needs an unrestricted caller.
 */
const REACH: Readonly<Record<string, number>> = { self: 1, dept: 2, dept_and_children: 3 };

/**
 * Why the caller may not create or keep this role, one detail per offence (empty: allowed).
 * Nobody grants what they do not hold: every permission must be granted by one of the caller's,
 * and the data scope may not see more than theirs.
 */
export function escalationProblems(caller: CallerAccess, role: RoleGrantShape): ErrorDetail[] {
  const permissions = role.permissions
    .filter((code) => !holds(caller, code))
    .map((code) => ({ field: '/body/permissions', rule: 'escalation', message: `you do not hold ${code}`, permission: code }));
  return [...permissions, ...scopeProblems(caller, role)];
}

/**
 * Why the caller may not take these permissions off a role (or delete it), one detail each:
 * taking away what you do not hold is stripping a more privileged holder of it.
 */
export function removalProblems(caller: CallerAccess, removed: readonly string[], field: string): ErrorDetail[] {
  return removed
    .filter((code) => !holds(caller, code))
    .map((code) => ({ field, rule: 'escalation', message: `you do not hold ${code}, so you cannot take it away`, permission: code }));
}

function holds(caller: CallerAccess, code: string): boolean {
  return caller.permissions.some((held) => permissionGrants(held, code));
}

function scopeProblems(caller: CallerAccess, role: RoleGrantShape): ErrorDetail[] {
  const scope = caller.rowScope;
  if (!scope || scope.all) return [];
  const wider = { field: '/body/dataScope', rule: 'escalation', message: `the data scope "${role.dataScope}" sees more than yours`, dataScope: role.dataScope };
  if (role.dataScope === 'all') return [wider];
  if (role.dataScope === 'custom') {
    const outside = role.deptIds.filter((id) => !scope.deptIds.includes(id));
    if (outside.length === 0) return [];
    return [{ field: '/body/deptIds', rule: 'escalation', message: `departments outside your data scope: ${outside.join(', ')}`, deptIds: outside }];
  }
  const reach = Math.max(0, scope.ownerId !== null ? REACH.self : 0, ...caller.dataScopes.map((s) => REACH[s] ?? 0));
  return reach >= REACH[role.dataScope] ? [] : [wider];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
