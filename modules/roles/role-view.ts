import type { EntityManager, Row } from '@atrium/kernel';
import { loadAssignments, type Assignments } from './role-assignments';
import type { Role } from './role.entity';
import type { RoleView } from './role.schemas';

/** The views of roles with what they grant: two queries for the assignments, whatever the count. */
export async function roleViews(rows: readonly Row[], em: EntityManager): Promise<RoleView[]> {
  const roles = rows as unknown as Role[];
  const assignments = await loadAssignments(
    em,
    roles.map((r) => r.id),
  );
  return roles.map((role) => roleView(role, assignments.get(role.id)!));
}

function roleView(role: Role, { permissions, deptIds }: Assignments): RoleView {
  return {
    id: role.id,
    code: role.code,
    name: role.name,
    status: role.status,
    dataScope: role.dataScope,
    deptIds,
    permissions,
    remark: role.remark ?? null,
    version: role.version,
    createdAt: role.createdAt.toISOString(),
    updatedAt: role.updatedAt.toISOString(),
  };
}
