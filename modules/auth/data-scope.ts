import type { RowScope } from '@atrium/kernel';
import type { DepartmentTree } from '@atrium/module/departments';
import type { RoleGrant } from '@atrium/module/roles';

/**
 * The rows a user's active roles let them see under row-scoped permissions: the union of each
 * role's data scope. `all` wins outright; `custom`, `dept` and `dept_and_children` add
 * departments (the last two from the user's own, so a user without a department gets nothing
 * from them); `self` adds the user's own rows. No role, or roles that add nothing: no rows.
 */
export async function rowScopeOf(
  user: { id: string; deptId: string | null },
  grants: readonly RoleGrant[],
  departments: Pick<DepartmentTree, 'withDescendants'>,
): Promise<RowScope> {
  if (grants.some((grant) => grant.dataScope === 'all')) return { all: true, deptIds: [], ownerId: null };
  const deptIds = new Set<string>();
  let ownerId: string | null = null;
  for (const grant of grants) {
    switch (grant.dataScope) {
      case 'custom':
        for (const id of grant.deptIds) deptIds.add(id);
        break;
      case 'dept':
        if (user.deptId) deptIds.add(user.deptId);
        break;
      case 'dept_and_children':
        if (user.deptId) for (const id of await departments.withDescendants(user.deptId)) deptIds.add(id);
        break;
      case 'self':
        ownerId = user.id;
        break;
    }
  }
  return { all: false, deptIds: [...deptIds].sort(), ownerId };
}
