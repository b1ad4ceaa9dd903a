import type { ErrorDetail, ModuleContext } from '@atrium/kernel';
import { DepartmentTreeApi } from '@atrium/module/departments';
import { PostDirectoryApi } from '@atrium/module/posts';
import { RoleDirectoryApi } from '@atrium/module/roles';

/** What a write points at in other modules; left out: not being written. */
export interface References {
  deptId?: string | null;
  postIds?: readonly string[];
  roleIds?: readonly string[];
}

/**
 * What the write names that does not exist, one detail per field. Asked of the owning modules'
 * public APIs: there are no foreign keys across modules.
 */
export async function referenceProblems(ctx: ModuleContext, refs: References): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  if (refs.deptId != null && !(await ctx.use(DepartmentTreeApi).exists(refs.deptId))) {
    problems.push({ field: '/body/deptId', rule: 'exists', message: `no department ${refs.deptId}` });
  }
  const posts = refs.postIds?.length ? await ctx.use(PostDirectoryApi).missing(refs.postIds) : [];
  if (posts.length > 0) problems.push({ field: '/body/postIds', rule: 'exists', message: `no post ${posts.join(', ')}` });
  const roles = refs.roleIds?.length ? await ctx.use(RoleDirectoryApi).missing(refs.roleIds) : [];
  if (roles.length > 0) problems.push({ field: '/body/roleIds', rule: 'exists', message: `no role ${roles.join(', ')}` });
  return problems;
}
