import { AppError, KernelErrors, notFound, type ModuleContext, type Principal } from '@atrium/kernel';
import { UserDirectoryApi } from '@atrium/module/users';
import { bearerCredential, looksLikeJwt } from './access-token';
import { LoginObserverSpi, type LoginAttempt } from './api';
import { authRuntime, type AuthRuntime } from './auth-runtime';
import { AuthErrors } from './errors';
import type { SessionGrant } from './session.service';

/** What login and refresh answer. */
export interface TokenPair {
  accessToken: string;
  tokenType: 'Bearer';
  /** Seconds the access token lives. */
  expiresIn: number;
  expiresAt: string;
  refreshToken: string;
}

export interface Client {
  ip: string;
  userAgent: string;
}

/**
 * Login, refresh, logout and forced logout. Built per request (it holds nothing of its own);
 * tokens and passwords pass through it and never reach a log line.
 */
export class LoginService {
  private readonly runtime: AuthRuntime;

  constructor(private readonly ctx: ModuleContext) {
    this.runtime = authRuntime(ctx);
  }

  async login(username: string, password: string, client: Client): Promise<TokenPair> {
    const seen = { username, ip: client.ip, userAgent: client.userAgent, at: new Date() };
    const attempt = await this.runtime.limiter.begin(accountKey(username), client.ip).catch(async (error: unknown) => {
      if (error instanceof AppError && error.definition === AuthErrors.AUTH_TOO_MANY_ATTEMPTS_429) {
        await this.observe({ ...seen, userId: null, success: false, reason: 'too_many_attempts' });
      }
      throw error;
    });
    const user = await this.ctx.use(UserDirectoryApi).verifyCredentials(username, password);
    if (!user) {
      this.ctx.log.info({ username, ip: client.ip }, 'login refused: wrong username or password');
      await this.observe({ ...seen, userId: null, success: false, reason: 'invalid_credentials' });
      throw new AppError(AuthErrors.AUTH_INVALID_CREDENTIALS_401);
    }
    // The password was right: whatever follows, it was no guess.
    await attempt.succeeded();
    if (user.status !== 'active') {
      this.ctx.log.info({ userId: user.id, ip: client.ip }, 'login refused: account disabled');
      await this.observe({ ...seen, userId: user.id, success: false, reason: 'disabled' });
      throw new AppError(AuthErrors.AUTH_ACCOUNT_DISABLED_401);
    }
    const grant = await this.runtime.sessions.create({ userId: user.id, username: user.username, ...client });
    this.ctx.log.info({ userId: user.id, sessionId: grant.session.id, ip: client.ip }, 'login');
    await this.observe({ ...seen, userId: user.id, success: true, reason: 'ok' });
    return this.pair(grant);
  }

  /** Tells every `auth.login-observer` of an attempt; one that fails is logged, never the login's failure. */
  private async observe(attempt: LoginAttempt): Promise<void> {
    for (const observer of this.ctx.contributions(LoginObserverSpi)) {
      try {
        await observer.loginAttempted(attempt);
      } catch (error) {
        this.ctx.log.error({ err: error }, 'a login observer failed');
      }
    }
  }

  /** Spends a refresh token for a new pair; a spent one ends its session. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const rotation = await this.runtime.sessions.rotate(refreshToken);
    if (rotation.outcome === 'reused') {
      const { session } = rotation;
      await this.runtime.principals.forgetSession(session.userId, session.id);
      this.ctx.log.warn({ userId: session.userId, sessionId: session.id }, 'a spent refresh token was presented again: session revoked');
      throw new AppError(KernelErrors.AUTH_TOKEN_REVOKED_401, {
        details: [{ field: '/body/refreshToken', message: 'was already used: the session has been ended' }],
      });
    }
    const { session } = rotation.grant;
    // The authenticator would refuse the new token anyway; refusing here says so at once.
    const user = await this.ctx.use(UserDirectoryApi).identity(session.userId);
    if (!user || user.status !== 'active') {
      await this.end(session.userId, session.id, user ? 'disabled' : 'deleted');
      throw new AppError(KernelErrors.AUTH_TOKEN_REVOKED_401);
    }
    return this.pair(rotation.grant);
  }

  /**
   * Ends the session of the bearer token sent. The token must be one this server signed, but
   * may have expired (a client whose access token lapsed can still log out) or belong to a
   * session that already ended (logging out twice is no error).
   */
  async logout(authorization: string | undefined): Promise<void> {
    const credential = bearerCredential(authorization);
    if (!credential) throw new AppError(KernelErrors.AUTH_TOKEN_MISSING_401);
    if (!looksLikeJwt(credential)) throw new AppError(KernelErrors.AUTH_TOKEN_INVALID_401);
    const { userId, sessionId } = this.runtime.tokens.verify(credential, { ignoreExpiration: true });
    await this.end(userId, sessionId, 'logout');
  }

  /** Forced logout of a live session (404 when there is none). */
  /** Ends another's session, unless its user outranks the caller (they could lock out a more privileged administrator). */
  async forceLogout(caller: Principal, sessionId: string): Promise<void> {
    const session = await this.runtime.sessions.findLive(sessionId);
    if (!session) throw notFound('session', sessionId);
    await this.ctx.use(UserDirectoryApi).refuseOutranking(caller, session.userId, '/params/id');
    await this.end(session.userId, session.id, 'forced');
    this.ctx.log.info({ userId: session.userId, sessionId }, 'session ended by force');
  }

  private async end(userId: string, sessionId: string, reason: 'logout' | 'forced' | 'disabled' | 'deleted'): Promise<void> {
    await this.runtime.sessions.revoke(sessionId, reason);
    await this.runtime.principals.forgetSession(userId, sessionId);
  }

  private async pair({ session, refreshToken }: SessionGrant): Promise<TokenPair> {
    const ttlSeconds = await this.runtime.settings.accessTokenTtlSeconds();
    const access = this.runtime.tokens.issue({ userId: session.userId, sessionId: session.id }, ttlSeconds);
    return {
      accessToken: access.token,
      tokenType: 'Bearer',
      expiresIn: ttlSeconds,
      expiresAt: access.expiresAt.toISOString(),
      refreshToken,
    };
  }
}

/**
 * The account as the login counters know it: spelled as users normalises usernames, so `Admin`
 * and ` admin` share one count.
 */
function accountKey(username: string): string {
  return username.normalize('NFKC').trim().toLowerCase();
}
