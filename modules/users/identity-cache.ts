import { tenantScopeKey, type ModuleContext } from '@atrium/kernel';
import type { UserIdentity } from './api';

/**
 * Users' identities (`UserDirectory.identity`), cached per instance in the kernel cache: GET /me
 * asks on every request, and two queries each time were most of its cost (bench/me.bench.ts).
 *
 * Every write of a user's fields or links drops the entry (forgetIdentity) once it is committed
 * and before anyone is told of the change, so auth, reloading a caller's grants because of that
 * change, reads the new identity. The drop reaches every instance through the kernel cache;
 * the lifetime only bounds the damage of a notice that never arrived. Entries are frozen: every
 * caller shares them.
 */
const TTL_MS = 60 * 1000;

/**
 * Per user and the tenant the read ran in: the database answers a read of a user only in the
 * user's tenant, so a miss in another (a platform administrator's account read from inside a
 * tenant it switched into) must not stand for the account where it lives.
 */
const keyPrefix = (userId: string) => `identity:${userId.toLowerCase()}:`;

export function cachedIdentity(ctx: ModuleContext, userId: string, load: () => Promise<UserIdentity | null>): Promise<UserIdentity | null> {
  return ctx.cache.getOrLoad(keyPrefix(userId) + tenantScopeKey(), async () => freeze(await load()), TTL_MS);
}

export function forgetIdentity(ctx: ModuleContext, userId: string): Promise<void> {
  return ctx.cache.invalidatePrefix(keyPrefix(userId));
}

function freeze(identity: UserIdentity | null): UserIdentity | null {
  if (!identity) return null;
  Object.freeze(identity.roleIds);
  Object.freeze(identity.postIds);
  return Object.freeze(identity);
}
