import { AppError, KernelErrors, type ModuleContext, type Principal } from '@atrium/kernel';
import { PrincipalDirectoryApi } from '@atrium/module/auth';
import { parseKey, secretMatches } from './api-key-secret';
import type { ApiKeyStore, KeyRecord } from './api-key.store';
import { effectivePermissions } from './key-permissions';
import type { KeyRateLimit } from './key-rate-limit';

/**
 * Long enough that a script's burst reads no database, short enough to bound the damage of an
 * invalidation notice that never arrived. A revocation invalidates it on every instance.
 */
const CACHE_TTL_MS = 2 * 60 * 1000;
const USED_EVERY_MS = 60 * 1000;

const cacheKey = (lookup: string) => `key:${lookup}`;

/**
 * Turns a presented key into the caller it speaks for: its owner as a session of theirs would
 * be now (auth's `PrincipalDirectory`: a disabled or deleted owner has none), holding only what
 * both the key and the owner hold, in the key's tenant. The key's row is cached per lookup part
 * in the kernel cache, whose invalidations reach every instance.
 */
export class KeyCallers {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly store: ApiKeyStore,
    private readonly rate: KeyRateLimit,
  ) {}

  async callerOf(presented: string, now = Date.now()): Promise<Principal> {
    const parts = parseKey(presented);
    if (!parts) throw refused(KernelErrors.AUTH_TOKEN_INVALID_401, 'is not an API key of this server');
    const record = await this.ctx.cache.getOrLoad(cacheKey(parts.lookup), () => this.store.findByLookup(parts.lookup), CACHE_TTL_MS);
    if (!record || !secretMatches(parts.secret, record.secretHash)) throw refused(KernelErrors.AUTH_TOKEN_INVALID_401, 'is not an API key of this server');
    if (record.revokedAt !== null) throw refused(KernelErrors.AUTH_TOKEN_REVOKED_401, 'has been revoked');
    if (record.expiresAt !== null && record.expiresAt <= now) throw refused(KernelErrors.AUTH_TOKEN_EXPIRED_401, 'has expired');
    const owner = await this.ctx.use(PrincipalDirectoryApi).principalOf(record.userId, record.tenantId);
    if (!owner) throw refused(KernelErrors.AUTH_TOKEN_REVOKED_401, 'belongs to an account that can no longer sign in');
    await this.rate.consume(record.id);
    this.noteUse(record, now);
    return {
      ...owner,
      permissions: effectivePermissions(record.permissions, owner.permissions),
      credential: `api-key ${record.id} ${record.name}`,
    };
  }

  /** Drops a key's cached row here and on every instance (it was revoked). */
  forget(lookup: string): Promise<void> {
    return this.ctx.cache.invalidate(cacheKey(lookup));
  }

  /** `last_used_at`, written at most once a minute per key and instance, never on every request. */
  private noteUse(record: KeyRecord, now: number): void {
    if (now - record.usedAt < USED_EVERY_MS) return;
    record.usedAt = now;
    // Not awaited: recording the use must not slow the request down or fail it.
    this.store.touch(record, new Date(now)).catch((error: unknown) => {
      this.ctx.log.warn({ err: error, apiKeyId: record.id }, 'could not record when the API key was last used');
    });
  }
}

function refused(error: (typeof KernelErrors)['AUTH_TOKEN_INVALID_401'], message: string): AppError {
  return new AppError(error, { details: [{ rule: 'apiKey', message: `the API key ${message}` }] });
}
