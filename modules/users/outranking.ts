import { AppError, KernelErrors, type ModuleContext } from '@atrium/kernel';
import { RoleDirectoryApi } from '@atrium/module/roles';
import { holdingProblems, type Caller } from './access-rules';

/**
 * Refuses (403 PERM_DENIED_403, a detail per permission or scope the caller lacks) to let the
 * caller change the roles, status or password of, or delete, a user whose roles grant more than
 * the caller holds: otherwise a lesser administrator could strip, lock out or take over a more
 * privileged one. Disabled roles count: enabling one gives its holder all it grants.
 */
export async function refuseOutranking(ctx: ModuleContext, caller: Caller, heldRoleIds: readonly string[], field: string): Promise<void> {
  if (heldRoleIds.length === 0) return;
  const grants = await ctx.use(RoleDirectoryApi).grantsOf(heldRoleIds, { includeDisabled: true });
  const problems = holdingProblems(caller, grants, field);
  if (problems.length > 0) throw new AppError(KernelErrors.PERM_DENIED_403, { details: problems });
}
