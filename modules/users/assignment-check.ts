import { AppError, KernelErrors, type ModuleContext } from '@atrium/kernel';
import { RoleDirectoryApi } from '@atrium/module/roles';
import { deptInScope, holdingProblems, type Caller } from './access-rules';
import { referenceProblems } from './references';

/** What a create or update assigns; left out: not changing. */
export interface Assignment {
  deptId?: string | null;
  postIds?: readonly string[];
  roleIds?: readonly string[];
  /** The roles the user does not hold yet: the ones the caller hands out. */
  addedRoleIds: readonly string[];
}

/**
 * Refuses an assignment naming what does not exist (400), a department outside the caller's data
 * scope (403: a caller may only place users where it can see them) or a role granting more than
 * the caller holds (403 PERM_DENIED_403, one detail per permission or scope it lacks).
 */
export async function checkAssignment(ctx: ModuleContext, caller: Caller, assignment: Assignment): Promise<void> {
  const missing = await referenceProblems(ctx, assignment);
  if (missing.length > 0) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: missing });
  if (assignment.deptId !== undefined && !deptInScope(caller, assignment.deptId)) {
    throw new AppError(KernelErrors.PERM_DENIED_403, {
      details: [{ field: '/body/deptId', rule: 'scope', message: 'users can only be placed in departments within your data scope' }],
    });
  }
  if (assignment.addedRoleIds.length === 0) return;
  // Disabled roles count too: enabling one later must not hand out what the assigner lacked.
  const grants = await ctx.use(RoleDirectoryApi).grantsOf(assignment.addedRoleIds, { includeDisabled: true });
  const escalations = holdingProblems(caller, grants, '/body/roleIds');
  if (escalations.length > 0) throw new AppError(KernelErrors.PERM_DENIED_403, { details: escalations });
}
