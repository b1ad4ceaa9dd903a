import type { EntityManager } from '@atrium/kernel';
import { RoleDeptEntity, RolePermissionEntity } from './role.entity';

/** What a role grants, kept beside the role row: its permission codes and `custom` departments. */
export interface Assignments {
  permissions: string[];
  deptIds: string[];
}

export const NO_ASSIGNMENTS: Readonly<Assignments> = Object.freeze({ permissions: [], deptIds: [] });

/** The assignments of each role among `roleIds`, sorted; two queries whatever the count. */
export async function loadAssignments(em: EntityManager, roleIds: readonly string[]): Promise<Map<string, Assignments>> {
  const found = new Map<string, Assignments>(roleIds.map((id) => [id, { permissions: [], deptIds: [] }]));
  if (roleIds.length === 0) return found;
  const [permissions, depts] = await Promise.all([
    em.find(RolePermissionEntity, { roleId: { $in: [...roleIds] } }, { orderBy: { permission: 'asc' } }),
    em.find(RoleDeptEntity, { roleId: { $in: [...roleIds] } }, { orderBy: { deptId: 'asc' } }),
  ]);
  for (const row of permissions) found.get(row.roleId)?.permissions.push(row.permission);
  for (const row of depts) found.get(row.roleId)?.deptIds.push(row.deptId);
  return found;
}

/**
 * Queues the rows that turn `current` into `wanted`, to be written by the caller's flush with
 * the role itself: only what differs is inserted or deleted, so a row never meets itself. Rows
 * are added in sorted order, so two updates racing on one role wait for each other rather than
 * deadlock.
 */
export async function replaceAssignments(em: EntityManager, roleId: string, current: Assignments, wanted: Assignments): Promise<void> {
  const dropped = { permissions: without(current.permissions, wanted.permissions), deptIds: without(current.deptIds, wanted.deptIds) };
  if (dropped.permissions.length > 0) {
    for (const row of await em.find(RolePermissionEntity, { roleId, permission: { $in: dropped.permissions } })) em.remove(row);
  }
  if (dropped.deptIds.length > 0) {
    for (const row of await em.find(RoleDeptEntity, { roleId, deptId: { $in: dropped.deptIds } })) em.remove(row);
  }
  for (const permission of without(wanted.permissions, current.permissions)) em.create(RolePermissionEntity, { roleId, permission });
  for (const deptId of without(wanted.deptIds, current.deptIds)) em.create(RoleDeptEntity, { roleId, deptId });
}

function without(values: readonly string[], others: readonly string[]): string[] {
  const exclude = new Set(others);
  return values.filter((v) => !exclude.has(v)).sort();
}
