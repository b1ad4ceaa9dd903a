import { AppError, KernelErrors, type ModuleContext } from '@atrium/kernel';
import { DepartmentTreeApi } from '@atrium/module/departments';
import { RoleDirectoryApi } from '@atrium/module/roles';
import type { Notice } from './notice.entity';

type Audience = Pick<Notice, 'audience' | 'audienceIds'>;

const refused = (message: string, field = '/body/audienceIds') =>
  new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field, rule: 'audience', message }] });

/**
 * Refuses an audience as sent that names nobody: `all` with ids, roles or departments without
 * any, ids that name none, or ids without the audience they are of (the two change together).
 */
export async function checkAudience(sent: Partial<Audience>, ctx: ModuleContext): Promise<void> {
  if (sent.audience === undefined && sent.audienceIds === undefined) return;
  if (sent.audience === undefined) throw refused('is sent with the audienceIds it is of', '/body/audience');
  const { audience, audienceIds = [] } = sent;
  if (audience === 'all') {
    if (audienceIds.length > 0) throw refused('must be empty when the audience is all');
    return;
  }
  if (audienceIds.length === 0) throw refused(`must name at least one of the ${audience}`);
  const missing = audience === 'roles' ? await ctx.use(RoleDirectoryApi).missing(audienceIds) : await ctx.use(DepartmentTreeApi).missing(audienceIds);
  if (missing.length > 0) throw refused(`names ${audience} that do not exist: ${missing.join(', ')}`);
}

/**
 * The groups a notice reaches (Principal.groups): its roles, or its departments with every
 * department under them as the tree is when it is published; none for `all`.
 */
export async function reachOf({ audience, audienceIds }: Audience, ctx: ModuleContext): Promise<string[]> {
  if (audience === 'all') return [];
  if (audience === 'roles') return audienceIds.map((id) => `role:${id}`);
  const tree = ctx.use(DepartmentTreeApi);
  const departments = new Set((await Promise.all(audienceIds.map((id) => tree.withDescendants(id)))).flat());
  return [...departments].map((id) => `dept:${id}`);
}
