import { AppError, KernelErrors, permissionGrants, type ModuleContext, type Principal } from '@atrium/kernel';
import { DepartmentTreeApi } from '@atrium/module/departments';
import { RoleDirectoryApi, type RoleGrant } from '@atrium/module/roles';
import { TenantDirectoryApi } from '@atrium/module/tenants';
import { UserDirectoryApi } from '@atrium/module/users';
import type { AccessClaims } from './access-token';
import type { AuthAttributes } from './api';
import { rowScopeOf } from './data-scope';
import type { SessionService } from './session.service';

/** What is cached per session: the caller, and what the per-request check needs of the session. */
interface SessionPrincipal {
  principal: Principal;
  sessionExpiresAt: number;
  /** When the caller's tenant expires by itself (ms); null: never. */
  tenantExpiresAt: number | null;
  /** When `lastSeenAt` was last written (ms), so it is written at most once a minute. */
  seenAt: number;
}

/**
 * Long enough that a burst of requests reads no database, short enough to bound the damage of
 * an invalidation notice that never arrived. Every revocation and grant change invalidates it.
 */
const CACHE_TTL_MS = 2 * 60 * 1000;
const SEEN_EVERY_MS = 60 * 1000;

const key = (userId: string, sessionId: string) => `principal:${userId}:${sessionId}`;
/**
 * The user signed in with no session (an API key's owner): under the user's prefix, so every
 * change that drops the user's sessions' callers drops it too.
 */
const SESSIONLESS = '-';

/** What is cached for a user without a session: the caller, and when their tenant expires by itself. */
interface UserPrincipal {
  principal: Principal;
  tenantExpiresAt: number | null;
}

/**
 * Turns a verified access token into the caller: the session must be live, its tenant usable and the user active,
 * then the permissions and data scope of the user's active roles. Cached per session in the
 * kernel cache, whose invalidations reach every instance; a revoked session is cached as `null`
 * (revocation is final).
 */
export class Principals {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly sessions: SessionService,
  ) {}

  /** The caller a verified token speaks for, or AUTH_TOKEN_REVOKED_401. */
  async resolve(claims: AccessClaims, now = Date.now()): Promise<Principal> {
    const entry = await this.ctx.cache.getOrLoad(key(claims.userId, claims.sessionId), () => this.load(claims), CACHE_TTL_MS);
    if (!entry || entry.sessionExpiresAt <= now || (entry.tenantExpiresAt !== null && entry.tenantExpiresAt <= now)) {
      throw new AppError(KernelErrors.AUTH_TOKEN_REVOKED_401);
    }
    if (now - entry.seenAt >= SEEN_EVERY_MS) {
      entry.seenAt = now;
      // Not awaited: recording the visit must not slow the request down or fail it.
      this.sessions.touch(claims.sessionId, new Date(now)).catch((error: unknown) => {
        this.ctx.log.warn({ err: error, sessionId: claims.sessionId }, 'could not record when the session was last seen');
      });
    }
    return entry.principal;
  }

  /**
   * The caller `userId` is in `tenantId` right now, with no session (`auth.PrincipalDirectory`),
   * or null when they could not sign in: the user disabled or deleted, the tenant unusable.
   * Cached and invalidated as sessions' callers are.
   */
  async ofUser(userId: string, tenantId: string, now = Date.now()): Promise<Principal | null> {
    const entry = await this.ctx.cache.getOrLoad(key(userId, SESSIONLESS), () => this.loadUser(userId, tenantId), CACHE_TTL_MS);
    if (!entry || (entry.tenantExpiresAt !== null && entry.tenantExpiresAt <= now)) return null;
    return entry.principal;
  }

  /** Drops one session's cached caller (logout, forced logout, refresh token reuse). */
  forgetSession(userId: string, sessionId: string): Promise<void> {
    return this.ctx.cache.invalidate(key(userId, sessionId));
  }

  /** Drops every cached session of a user (their roles, department or status changed). */
  forgetUser(userId: string): Promise<void> {
    return this.ctx.cache.invalidatePrefix(key(userId, ''));
  }

  /** Drops every cached caller (a role or the department tree changed). */
  forgetAll(): Promise<void> {
    return this.ctx.cache.clear();
  }

  /**
   * What the roles grant, within the tenant's ceiling (its package): a tenant's role granting a
   * wildcard, or more than the package since it shrank, gives its holders only the codes of the
   * ceiling it matches. The platform's tenant has none.
   */
  private async heldWithin(tenantId: string, grants: readonly RoleGrant[]): Promise<string[]> {
    const granted = [...new Set(grants.flatMap((grant) => grant.permissions))];
    const ceiling = await this.ctx.use(TenantDirectoryApi).permissionCeiling(tenantId);
    if (ceiling === null) return granted;
    return [...new Set(ceiling.filter((code) => granted.some((held) => permissionGrants(held, code))))];
  }

  private async load(claims: AccessClaims): Promise<SessionPrincipal | null> {
    const session = await this.sessions.findLive(claims.sessionId);
    if (!session || session.userId !== claims.userId) return null;
    // A tenant disabled since ends its sessions (tenant-lifecycle.ts); one expired is refused here.
    // A platform administrator switched into another tenant needs that one usable too.
    const tenants = this.ctx.use(TenantDirectoryApi);
    const tenant = await tenants.byId(claims.tenantId);
    const acting = session.actingTenantId ? await tenants.byId(session.actingTenantId) : tenant;
    if (!tenant?.usable || !acting?.usable) return null;
    const principal = await this.principalOf(claims.userId, claims.tenantId);
    if (!principal) return null;
    return {
      principal: {
        ...principal,
        sessionId: session.id,
        tenantId: acting.id,
        ...(acting.id === tenant.id ? {} : { homeTenantId: tenant.id }),
      },
      sessionExpiresAt: session.expiresAt.getTime(),
      tenantExpiresAt: earliest(tenant.expiresAt, acting.expiresAt),
      seenAt: session.lastSeenAt.getTime(),
    };
  }

  private async loadUser(userId: string, tenantId: string): Promise<UserPrincipal | null> {
    const tenant = await this.ctx.use(TenantDirectoryApi).byId(tenantId);
    if (!tenant?.usable) return null;
    const principal = await this.principalOf(userId, tenantId);
    return principal && { principal, tenantExpiresAt: earliest(tenant.expiresAt) };
  }

  /** The active user's permissions, data scope and groups in their own tenant; null for a user disabled or gone. */
  private async principalOf(userId: string, tenantId: string): Promise<Principal | null> {
    const user = await this.ctx.use(UserDirectoryApi).identity(userId);
    if (!user || user.status !== 'active') return null;
    const grants = await this.ctx.use(RoleDirectoryApi).grantsOf(user.roleIds);
    const attributes: AuthAttributes = {
      // Every role the user holds, active or not: escalation checks (no editing your own
      // roles) must see them all. The codes and scopes are those of the active ones.
      roleIds: [...user.roleIds],
      roleCodes: grants.map((grant) => grant.code),
      deptId: user.deptId,
      dataScopes: [...new Set(grants.map((grant) => grant.dataScope))],
    };
    return {
      userId: user.id,
      username: user.username,
      tenantId,
      permissions: await this.heldWithin(tenantId, grants),
      rowScope: await rowScopeOf(user, grants, this.ctx.use(DepartmentTreeApi)),
      attributes: { ...attributes },
      groups: [...grants.map((grant) => `role:${grant.id}`), ...(user.deptId ? [`dept:${user.deptId}`] : [])],
    };
  }
}

/** The earlier of two expiries (ms); null when neither expires. */
function earliest(...expiries: (Date | null)[]): number | null {
  const times = expiries.filter((at): at is Date => at !== null).map((at) => at.getTime());
  return times.length > 0 ? Math.min(...times) : null;
}
