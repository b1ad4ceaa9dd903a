import {
  AppError,
  KernelErrors,
  escapeLike,
  newId,
  runAsPlatform,
  type DbCapability,
  type EventsCapability,
  type EntityManager,
  type FilterQuery,
  type Page,
  type PageRequest,
} from '@atrium/kernel';
import type { SessionView } from './api';
import { hashRefreshToken, newRefreshToken } from './refresh-token';
import { RefreshTokenEntity } from './refresh-token.entity';
import { SessionEntity, type Session } from './session.entity';

/** Why a session ended, kept on the row for whoever investigates. */
export type RevokeReason = 'logout' | 'forced' | 'refresh-reuse' | 'password' | 'disabled' | 'deleted' | 'tenant-disabled';

export interface NewSession {
  userId: string;
  username: string;
  ip: string;
  userAgent: string;
  /** A platform administrator's switch into another tenant: the tenant the session acts in. */
  actingTenantId?: string;
}

/** A session and the refresh token that continues it (the only time its value is known). */
export interface SessionGrant {
  session: Session;
  refreshToken: string;
}

export interface SessionFilters {
  username?: string;
  ip?: string;
}

/** Outcome of presenting a refresh token. */
export type Rotation =
  | { outcome: 'rotated'; grant: SessionGrant }
  /** A spent token came back: the session it belonged to has just been revoked. */
  | { outcome: 'reused'; session: Session };

const USER_AGENT_MAX = 512;

/**
 * Sessions and their refresh tokens in the database. Stateless: it takes the EntityManager per
 * call, so it sees the request's inside a request and a fresh fork outside one.
 */
export class SessionService {
  constructor(
    private readonly db: DbCapability,
    private readonly events: EventsCapability,
    /** The current session lifetime (a param, so each login and refresh reads it). */
    private readonly refreshTtlSeconds: () => Promise<number>,
  ) {}

  async create(input: NewSession, now = new Date()): Promise<SessionGrant> {
    const expiresAt = await this.expiryFrom(now);
    const em = this.db.em();
    const session = em.create(SessionEntity, {
      id: newId(),
      ...input,
      userAgent: input.userAgent.slice(0, USER_AGENT_MAX),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      revokedAt: null,
      revokedReason: null,
      actingTenantId: input.actingTenantId ?? null,
    });
    const refreshToken = this.addRefreshToken(em, session, now);
    await em.flush();
    return { session, refreshToken };
  }

  /**
   * Spends a refresh token and issues the next, moving the session's expiry on. The token is
   * marked spent by a conditional update, so of two requests presenting it at once exactly one
   * rotates and the other counts as reuse.
   */
  async rotate(presented: string, now = new Date()): Promise<Rotation> {
    // Read before the transaction: on the embedded database it holds the only connection.
    const expiresAt = await this.expiryFrom(now);
    return this.db.transactional(async (em) => {
      const token = await em.findOne(RefreshTokenEntity, { tokenHash: hashRefreshToken(presented) }, { populate: ['session'] });
      if (!token)
        throw new AppError(KernelErrors.AUTH_TOKEN_INVALID_401, {
          details: [{ field: '/body/refreshToken', message: 'is not a refresh token of this server' }],
        });
      const session = token.session;
      if (session.revokedAt) throw revoked();
      const spent = token.spentAt === null ? await em.nativeUpdate(RefreshTokenEntity, { id: token.id, spentAt: null }, { spentAt: now }) : 0;
      if (spent === 0) {
        await this.markRevoked(em, { id: session.id }, 'refresh-reuse', now);
        return { outcome: 'reused', session };
      }
      if (token.expiresAt <= now || session.expiresAt <= now) {
        throw new AppError(KernelErrors.AUTH_TOKEN_EXPIRED_401, { details: [{ field: '/body/refreshToken', message: 'has expired: log in again' }] });
      }
      session.expiresAt = expiresAt;
      session.lastSeenAt = now;
      const refreshToken = this.addRefreshToken(em, session, now);
      await em.flush();
      return { outcome: 'rotated', grant: { session, refreshToken } };
    });
  }

  /**
   * The tenant a presented refresh token belongs to, or null for a token of no session here.
   * Read across tenants, since nothing else says which one to look in: one column, by the
   * token's hash, before anything of the session is read in its tenant.
   */
  async tenantOfRefreshToken(presented: string): Promise<string | null> {
    const rows = await runAsPlatform(() =>
      this.db
        .em()
        .getConnection()
        .execute<{ tenant_id: string }[]>('select tenant_id from auth_refresh_token where token_hash = ?', [hashRefreshToken(presented)]),
    );
    return rows[0]?.tenant_id ?? null;
  }

  /** The session if it is live (neither revoked nor expired). */
  findLive(id: string, now = new Date()): Promise<Session | null> {
    return this.db.em().findOne(SessionEntity, { id, revokedAt: null, expiresAt: { $gt: now } });
  }

  /** Revokes the session unless it already ended. */
  async revoke(id: string, reason: RevokeReason, now = new Date()): Promise<void> {
    await this.markRevoked(this.db.em(), { id }, reason, now);
  }

  /** Revokes every live session of a user but `keepSessionId`; answers how many. */
  revokeAllOf(userId: string, reason: RevokeReason, keepSessionId?: string, now = new Date()): Promise<number> {
    const where: FilterQuery<Session> = { userId, ...(keepSessionId ? { id: { $ne: keepSessionId } } : {}) };
    return this.markRevoked(this.db.em(), where, reason, now);
  }

  /** Revokes every live session the current work may see: a tenant's, run in that tenant; answers how many. */
  revokeAll(reason: RevokeReason, now = new Date()): Promise<number> {
    return this.markRevoked(this.db.em(), {}, reason, now);
  }

  /**
   * Revokes every live session switched into `tenantId` (POST /auth/switch-tenant), whichever
   * tenant it is kept in: read and written as the platform. Answers how many.
   */
  revokeActingIn(tenantId: string, reason: RevokeReason, now = new Date()): Promise<number> {
    return runAsPlatform(() => this.markRevoked(this.db.em(), { actingTenantId: tenantId }, reason, now));
  }

  /** Records that the session was used; the caller decides how often that is worth a write. */
  async touch(id: string, at: Date): Promise<void> {
    await this.db.em().nativeUpdate(SessionEntity, { id, revokedAt: null }, { lastSeenAt: at });
  }

  /** The online sessions: live ones, a page at a time. */
  async list(page: PageRequest, filters: SessionFilters, now = new Date()): Promise<Page<SessionView>> {
    const where: FilterQuery<Session> = { revokedAt: null, expiresAt: { $gt: now } };
    if (filters.username) where.username = { $ilike: `%${escapeLike(filters.username)}%` };
    if (filters.ip) where.ip = { $ilike: `%${escapeLike(filters.ip)}%` };
    const orderBy = { ...page.orderBy({ createdAt: 'desc' }), id: 'desc' } as const;
    const [sessions, total] = await this.db.em().findAndCount(SessionEntity, where, { orderBy, limit: page.limit, offset: page.offset });
    return page.result(sessions.map(toSessionView), total);
  }

  async listForUser(userId: string, now = new Date()): Promise<SessionView[]> {
    const sessions = await this.db
      .em()
      .find(SessionEntity, { userId, revokedAt: null, expiresAt: { $gt: now } }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return sessions.map(toSessionView);
  }

  /** Deletes sessions and refresh tokens past their expiry, every tenant's: they can never be used again. */
  purgeExpired(now = new Date()): Promise<void> {
    return runAsPlatform(async () => {
      const em = this.db.em();
      await em.nativeDelete(RefreshTokenEntity, { expiresAt: { $lte: now } });
      await em.nativeDelete(SessionEntity, { expiresAt: { $lte: now } });
    });
  }

  private addRefreshToken(em: EntityManager, session: Session, now: Date): string {
    const value = newRefreshToken();
    em.create(RefreshTokenEntity, {
      id: newId(),
      session,
      tokenHash: hashRefreshToken(value),
      createdAt: now,
      expiresAt: session.expiresAt,
      spentAt: null,
    });
    return value;
  }

  private async markRevoked(em: EntityManager, where: FilterQuery<Session>, reason: RevokeReason, now: Date): Promise<number> {
    const ended = await em
      .createQueryBuilder(SessionEntity)
      .update({ revokedAt: now, revokedReason: reason })
      .where({ ...(where as object), revokedAt: null })
      .returning('id')
      .execute<{ id: string }[]>('all', false);
    // Their open event streams (GET /me/events) hear it and end, on every instance.
    if (ended.length > 0) await this.events.push('session.revoked', { reason }, { sessionIds: ended.map(({ id }) => id) }, { ends: true });
    return ended.length;
  }

  private async expiryFrom(now: Date): Promise<Date> {
    return new Date(now.getTime() + (await this.refreshTtlSeconds()) * 1000);
  }
}

export function toSessionView(session: Session): SessionView {
  return {
    id: session.id,
    userId: session.userId,
    username: session.username,
    ip: session.ip,
    userAgent: session.userAgent,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  };
}

function revoked(): AppError {
  return new AppError(KernelErrors.AUTH_TOKEN_REVOKED_401, { details: [{ field: '/body/refreshToken', message: 'its session has ended: log in again' }] });
}
