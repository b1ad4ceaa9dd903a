import { AppError, currentTenantId, type EntityManager, type ModuleContext } from '@atrium/kernel';
import { TenantDirectoryApi, TenantLimitErrors } from '@atrium/module/tenants';
import { UserEntity } from './user.entity';

/**
 * Runs `create` (which adds one user and flushes) so that the current tenant never holds more
 * users than its `userLimit`: 409 TENANT_USER_LIMIT_409 once it has them all. With a limit, the
 * count and the insert share a transaction that holds the tenant's lock, so two creates at once
 * cannot both take the last place; without one, `create` runs as it is.
 */
export async function withinUserLimit<T>(ctx: ModuleContext, em: EntityManager, create: (em: EntityManager) => Promise<T>): Promise<T> {
  const tenantId = currentTenantId();
  const limit = tenantId === undefined ? null : ((await ctx.use(TenantDirectoryApi).byId(tenantId))?.userLimit ?? null);
  if (limit === null) return create(em);
  return em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`users.limit:${tenantId}`]);
    // Every user of the tenant, whoever asks: the database narrows to the tenant, the caller's data scope must not.
    const count = await tx.count(UserEntity, {}, { filters: false });
    if (count >= limit) {
      throw new AppError(TenantLimitErrors.TENANT_USER_LIMIT_409, {
        details: [{ rule: 'userLimit', message: `the tenant may have at most ${limit} users and has ${count}` }],
      });
    }
    return create(tx);
  });
}
