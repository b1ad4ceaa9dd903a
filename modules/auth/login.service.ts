import { AppError, DEFAULT_TENANT_ID, KernelErrors, notFound, runInTenant, type ModuleContext, type Principal } from '@atrium/kernel';
import { TenantDirectoryApi, type TenantSummary } from '@atrium/module/tenants';
import { UserDirectoryApi } from '@atrium/module/users';
import { bearerCredential, looksLikeJwt } from './access-token';
import { LoginObserverSpi, type Client, type LoginAttempt, type LoginOutcome, type TokenPair } from './api';
import { authRuntime, type AuthRuntime } from './auth-runtime';
import { AuthErrors } from './errors';
import { TwoFactor, type SecondFactorDue } from './mfa/two-factor';
import type { SessionGrant } from './session.service';

export type { TokenPair, Client } from './api';

export interface Credentials {
  username: string;
  password: string;
  /** The tenant's code, as sent. */
  tenant: string;
  /** A challenge of POST /auth/captcha and its answer, which the login needs after repeated failures. */
  captcha?: { id: string; answer: string };
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

  /**
   * Signs in to the tenant the credentials name: the user is looked up, and the session made, in
   * that tenant only. A tenant that does not exist is a wrong guess like any other.
   */
  async login({ username, password, tenant: code, captcha }: Credentials, client: Client): Promise<TokenPair | SecondFactorDue> {
    const tenant = await this.ctx.use(TenantDirectoryApi).byCode(code);
    const seen = { username, tenantId: tenant?.id ?? null, ip: client.ip, userAgent: client.userAgent, at: new Date() };
    const attempt = await this.runtime.limiter.begin(accountKey(code, username), client.ip).catch(async (error: unknown) => {
      if (error instanceof AppError && error.definition === AuthErrors.AUTH_TOO_MANY_ATTEMPTS_429) {
        await this.observe({ ...seen, userId: null, success: false, reason: 'too_many_attempts' });
      }
      throw error;
    });
    const refusal = await this.captchaRefusal(attempt.failuresBefore, captcha);
    if (refusal) {
      // The password was not tried: this attempt is not counted as a failure of it.
      await attempt.withdrawn();
      if (captcha) await this.observe({ ...seen, userId: null, success: false, reason: 'captcha_failed' });
      throw refusal;
    }
    // Without a tenant the lookup runs in none, finds no user and still hashes: an unknown tenant
    // takes as long as a wrong password, so timing tells a guesser no more than the answer does.
    const verify = () => this.ctx.use(UserDirectoryApi).verifyCredentials(username, password);
    const user = await (tenant ? runInTenant(tenant.id, verify) : verify());
    if (!tenant || !user) {
      this.ctx.log.info({ username, ip: client.ip }, 'login refused: wrong username or password');
      await this.observe({ ...seen, userId: null, success: false, reason: 'invalid_credentials' });
      throw new AppError(AuthErrors.AUTH_INVALID_CREDENTIALS_401);
    }
    // The password was right: whatever follows, it was no guess.
    await attempt.succeeded();
    if (!tenant.usable) {
      this.ctx.log.info({ userId: user.id, tenantId: tenant.id, ip: client.ip }, 'login refused: tenant disabled or expired');
      await this.observe({ ...seen, userId: user.id, success: false, reason: 'tenant_disabled' });
      throw new AppError(AuthErrors.AUTH_TENANT_DISABLED_401);
    }
    if (user.status !== 'active') {
      this.ctx.log.info({ userId: user.id, ip: client.ip }, 'login refused: account disabled');
      await this.observe({ ...seen, userId: user.id, success: false, reason: 'disabled' });
      throw new AppError(AuthErrors.AUTH_ACCOUNT_DISABLED_401);
    }
    // A second factor, when due, is asked for before any session exists (mfa/mfa-login.ts).
    const due = await runInTenant(tenant.id, () => new TwoFactor(this.ctx).due(user));
    return due ?? this.signIn(user, tenant.id, client, seen.username);
  }

  /** Opens the session of a login whose every check passed, and answers its tokens. */
  async signIn(user: { id: string; username: string }, tenantId: string, client: Client, sentUsername = user.username): Promise<TokenPair> {
    const grant = await runInTenant(tenantId, () => this.runtime.sessions.create({ userId: user.id, username: user.username, ...client }));
    this.ctx.log.info({ userId: user.id, tenantId, sessionId: grant.session.id, ip: client.ip }, 'login');
    await this.observe({ username: sentUsername, tenantId, userId: user.id, ...client, at: new Date(), success: true, reason: 'ok' });
    return this.pair(grant, tenantId);
  }

  /**
   * A platform administrator's switch into a tenant, for support: a new session of theirs, kept in
   * their own tenant, that acts in `code`'s tenant until it ends. Audited in both tenants: the
   * request in the administrator's (its operation record), the switch in the target's login log.
   * Only from a session of the default tenant: a tenant's users, and a session already switched,
   * cross nowhere.
   */
  async switchTenant(caller: Principal, code: string, client: Client): Promise<TokenPair> {
    const home = caller.tenantId ?? DEFAULT_TENANT_ID;
    if (home !== DEFAULT_TENANT_ID) {
      throw new AppError(KernelErrors.PERM_DENIED_403, {
        details: [{ field: '/body/tenant', rule: 'platform', message: "only a platform administrator's own session switches tenants" }],
      });
    }
    const target = await this.ctx.use(TenantDirectoryApi).byCode(code);
    if (!target) throw notFound('tenant', code);
    if (!target.usable) throw new AppError(AuthErrors.AUTH_TENANT_DISABLED_401);
    const grant = await this.runtime.sessions.create({ userId: caller.userId, username: caller.username, ...client, actingTenantId: target.id });
    this.ctx.log.info({ userId: caller.userId, tenantId: target.id, sessionId: grant.session.id, ip: client.ip }, 'switched into a tenant');
    await this.observe({ username: caller.username, tenantId: target.id, userId: caller.userId, ...client, at: new Date(), success: true, reason: 'switched' });
    return this.pair(grant, home);
  }

  /**
   * Why a login that follows `failuresBefore` failures is refused before its password is tried:
   * from the param's count on, it needs a solved challenge (401 AUTH_CAPTCHA_REQUIRED_401 without
   * one, AUTH_CAPTCHA_INVALID_401 for a wrong, expired or spent one, which is spent all the same).
   */
  private async captchaRefusal(failuresBefore: number, captcha: Credentials['captcha']): Promise<AppError | undefined> {
    const after = await this.runtime.settings.captchaAfterFailures();
    if (after === 0 || failuresBefore < after) return undefined;
    if (!captcha) {
      return new AppError(AuthErrors.AUTH_CAPTCHA_REQUIRED_401, {
        details: [
          { field: '/body/captchaAnswer', rule: 'captcha', message: 'draw a challenge with POST /auth/captcha and send its captchaId and captchaAnswer' },
        ],
      });
    }
    if (await this.runtime.captchas.solve(captcha.id, captcha.answer)) return undefined;
    return new AppError(AuthErrors.AUTH_CAPTCHA_INVALID_401, {
      details: [{ field: '/body/captchaAnswer', rule: 'captcha', message: 'does not read the challenge' }],
    });
  }

  /**
   * Signs in a user whom another proof has vouched for (single sign-on: the identity provider), in
   * their tenant: the checks that follow a right password (tenant usable, account active), the
   * same session and tokens, the same login log.
   */
  async signInVerified(userId: string, tenantId: string, client: Client): Promise<TokenPair> {
    const tenant = await this.ctx.use(TenantDirectoryApi).byId(tenantId);
    const user = await runInTenant(tenantId, () => this.ctx.use(UserDirectoryApi).identity(userId));
    if (!user) throw new AppError(AuthErrors.AUTH_INVALID_CREDENTIALS_401);
    const seen = { username: user.username, tenantId, userId: user.id, ...client, at: new Date() };
    const refuse = async (reason: LoginOutcome, error: AppError) => {
      await this.observe({ ...seen, success: false, reason });
      return Promise.reject(error);
    };
    if (!usable(tenant)) return refuse('tenant_disabled', new AppError(AuthErrors.AUTH_TENANT_DISABLED_401));
    if (user.status !== 'active') return refuse('disabled', new AppError(AuthErrors.AUTH_ACCOUNT_DISABLED_401));
    const grant = await runInTenant(tenantId, () => this.runtime.sessions.create({ userId: user.id, username: user.username, ...client }));
    this.ctx.log.info({ userId: user.id, tenantId, sessionId: grant.session.id, ip: client.ip }, 'login by single sign-on');
    await this.observe({ ...seen, success: true, reason: 'ok' });
    return this.pair(grant, tenantId);
  }

  /** Records in the login log an attempt another proof refused before any account was signed in to. */
  recordRefusal(attempt: Omit<LoginAttempt, 'success' | 'at'>): Promise<void> {
    return this.observe({ ...attempt, success: false, at: new Date() });
  }

  /** Tells every `auth.login-observer` of an attempt; one that fails is logged, never the login's failure. */
  async observe(attempt: LoginAttempt): Promise<void> {
    for (const observer of this.ctx.contributions(LoginObserverSpi)) {
      try {
        await observer.loginAttempted(attempt);
      } catch (error) {
        this.ctx.log.error({ err: error }, 'a login observer failed');
      }
    }
  }

  /**
   * Spends a refresh token for a new pair; a spent one ends its session. The token says which
   * tenant it belongs to, and the rest happens in that tenant; a tenant disabled or expired
   * since ends the session.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const tenantId = await this.runtime.sessions.tenantOfRefreshToken(refreshToken);
    if (!tenantId) throw notRefreshToken();
    return runInTenant(tenantId, () => this.refreshIn(tenantId, refreshToken));
  }

  private async refreshIn(tenantId: string, refreshToken: string): Promise<TokenPair> {
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
    if (!usable(await this.ctx.use(TenantDirectoryApi).byId(tenantId))) {
      await this.end(session.userId, session.id, 'tenant-disabled');
      throw new AppError(AuthErrors.AUTH_TENANT_DISABLED_401);
    }
    return this.pair(rotation.grant, tenantId);
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
    const { userId, sessionId, tenantId } = this.runtime.tokens.verify(credential, { ignoreExpiration: true });
    await runInTenant(tenantId, () => this.end(userId, sessionId, 'logout'));
  }

  /**
   * Forced logout of a live session (404 when there is none), unless its user outranks the caller
   * (they could lock out a more privileged administrator).
   */
  async forceLogout(caller: Principal, sessionId: string): Promise<void> {
    const session = await this.runtime.sessions.findLive(sessionId);
    if (!session) throw notFound('session', sessionId);
    await this.ctx.use(UserDirectoryApi).refuseOutranking(caller, session.userId, '/params/id');
    await this.end(session.userId, session.id, 'forced');
    this.ctx.log.info({ userId: session.userId, sessionId }, 'session ended by force');
  }

  private async end(userId: string, sessionId: string, reason: 'logout' | 'forced' | 'disabled' | 'deleted' | 'tenant-disabled'): Promise<void> {
    await this.runtime.sessions.revoke(sessionId, reason);
    await this.runtime.principals.forgetSession(userId, sessionId);
  }

  private async pair({ session, refreshToken }: SessionGrant, tenantId: string): Promise<TokenPair> {
    const ttlSeconds = await this.runtime.settings.accessTokenTtlSeconds();
    const access = this.runtime.tokens.issue({ userId: session.userId, sessionId: session.id, tenantId }, ttlSeconds);
    return {
      accessToken: access.token,
      tokenType: 'Bearer',
      expiresIn: ttlSeconds,
      expiresAt: access.expiresAt.toISOString(),
      refreshToken,
    };
  }
}

function usable(tenant: TenantSummary | null): boolean {
  return tenant?.usable === true;
}

function notRefreshToken(): AppError {
  return new AppError(KernelErrors.AUTH_TOKEN_INVALID_401, { details: [{ field: '/body/refreshToken', message: 'is not a refresh token of this server' }] });
}

/**
 * The account as the login counters know it: in its tenant (the same name in two tenants is two
 * accounts), spelled as users normalises usernames, so `Admin` and ` admin` share one count.
 */
function accountKey(tenant: string, username: string): string {
  return `${tenant.toLowerCase()}\u0000${username.normalize('NFKC').trim().toLowerCase()}`;
}
