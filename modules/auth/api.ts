/** The auth module's public contract. */
import { publicApi, spi, type Principal } from '@atrium/kernel';

export interface SessionView {
  id: string;
  userId: string;
  username: string;
  ip: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export interface SessionDirectory {
  /** The user's live sessions, newest first. */
  listForUser(userId: string): Promise<SessionView[]>;
}

export const SessionDirectoryApi = publicApi<SessionDirectory>('auth.SessionDirectory');

/** Callers without a session: who a credential of another kind (an API key) speaks for. */
export interface PrincipalDirectory {
  /**
   * The caller the user of `tenantId` is right now, as a session of theirs would see them
   * (permissions, data scope, groups; no `sessionId`), or null when they could not sign in:
   * disabled, deleted, not of that tenant, or the tenant unusable. Cached like sessions' callers, and dropped
   * with them on every instance whenever the user's access changes.
   */
  principalOf(userId: string, tenantId: string): Promise<Principal | null>;
}

export const PrincipalDirectoryApi = publicApi<PrincipalDirectory>('auth.PrincipalDirectory');

/** What auth puts in `Principal.attributes` besides permissions and row scope. */
export interface AuthAttributes {
  /** Every role the user holds, active or not (escalation checks must see them all). */
  roleIds: string[];
  /** Codes of the user's active roles. */
  roleCodes: string[];
  deptId: string | null;
  /** The data scopes of the caller's active roles (the row scope is their union). */
  dataScopes: string[];
}

/** Why a login attempt ended as it did (`no_account`: single sign-on vouched for nobody it may sign in). */
export type LoginOutcome =
  'ok' | 'invalid_credentials' | 'disabled' | 'tenant_disabled' | 'too_many_attempts' | 'captcha_failed' | 'invalid_code' | 'switched' | 'no_account';

/** One attempt to log in, as `auth.login-observer` hears of it. Never the password. */
export interface LoginAttempt {
  /** As the client sent it. */
  username: string;
  /** The tenant the login named; null when its code names none. */
  tenantId: string | null;
  /** The account, when the username and password matched one; null otherwise. */
  userId: string | null;
  ip: string;
  userAgent: string;
  success: boolean;
  reason: LoginOutcome;
  at: Date;
}

/**
 * Told of every login attempt before its response is sent. Awaited, but a failing observer
 * never fails the login: it is logged and the next one is told all the same.
 */
export interface LoginObserver {
  loginAttempted(attempt: LoginAttempt): void | Promise<void>;
}

export const LoginObserverSpi = spi<LoginObserver>('auth.login-observer');

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
 * Sign-in by a proof other than the password (single sign-on), ending as a password login does:
 * a session, its tokens, and a line in the login log.
 */
export interface VerifiedSignIn {
  /** 401 AUTH_ACCOUNT_DISABLED_401 or AUTH_TENANT_DISABLED_401 as login answers them, logged alike. */
  signIn(userId: string, tenantId: string, client: Client): Promise<TokenPair>;
  /** A refused attempt, into the login log. */
  recordRefusal(attempt: Omit<LoginAttempt, 'success' | 'at'>): Promise<void>;
}

export const VerifiedSignInApi = publicApi<VerifiedSignIn>('auth.VerifiedSignIn');
