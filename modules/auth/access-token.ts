import { randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { AppError, DEFAULT_TENANT_ID, KernelErrors } from '@atrium/kernel';

export const ISSUER = 'atrium';
export const ALGORITHM = 'HS256';
/**
 * How far ahead of this server's clock a token's `iat` may be: instances behind one load balancer
 * never agree to the second, but a token issued minutes from now was not issued by any of them.
 */
export const CLOCK_SKEW_SECONDS = 60;

/** Three base64url parts; the signature may be empty (`alg: none`), which is ours to refuse. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** Whether a bearer credential is a JWT at all: anything else belongs to another authenticator. */
export function looksLikeJwt(credential: string): boolean {
  return JWT_SHAPE.test(credential);
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
  /** The tenant signed in to (`tid`); a token issued before tenants carries none: the default. */
  tenantId: string;
}

export interface IssuedAccessToken {
  token: string;
  expiresAt: Date;
}

/**
 * Signs and checks access tokens: HS256 with a key object, the algorithm pinned on verify (so
 * `alg: none` or a public-key algorithm is refused), `iss` checked, `nbf` honoured, and `exp` and
 * `iat` required: a token that never expires, or claims to be issued in the future, is not one
 * this server signed (tokenTimesValid).
 */
export class AccessTokens {
  /** The signing key; the access-token strategy verifies with it too. */
  constructor(readonly key: KeyObject) {}

  /** A token living `ttlSeconds` (the lifetime is a param: each login reads the current one). */
  issue(claims: AccessClaims, ttlSeconds: number, now = new Date()): IssuedAccessToken {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt + ttlSeconds;
    const token = jwt.sign({ sid: claims.sessionId, tid: claims.tenantId, iat: issuedAt, exp: expiresAt }, this.key, {
      algorithm: ALGORITHM,
      subject: claims.userId,
      jwtid: randomUUID(),
      issuer: ISSUER,
    });
    return { token, expiresAt: new Date(expiresAt * 1000) };
  }

  /**
   * The claims of a token this server signed, or AUTH_TOKEN_INVALID_401 / _EXPIRED_401.
   * `ignoreExpiration` serves logout, which may end the session of a token that just lapsed.
   * Requests are authenticated by the access-token strategy (authenticator.ts), with the same checks.
   */
  verify(token: string, options: { ignoreExpiration?: boolean } = {}): AccessClaims {
    const ignoreExpiration = options.ignoreExpiration ?? false;
    let payload: string | jwt.JwtPayload;
    try {
      payload = jwt.verify(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER, ignoreExpiration });
    } catch (error) {
      if (error instanceof jwt.TokenExpiredError) throw new AppError(KernelErrors.AUTH_TOKEN_EXPIRED_401);
      throw new AppError(KernelErrors.AUTH_TOKEN_INVALID_401);
    }
    return claimsOf(typeof payload === 'string' ? {} : payload);
  }
}

/**
 * The claims of a payload whose signature, algorithm and issuer passed, or AUTH_TOKEN_INVALID_401
 * when it lacks what this server always signs.
 */
export function claimsOf(payload: jwt.JwtPayload): AccessClaims {
  const { sub, sid, tid } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string') throw new AppError(KernelErrors.AUTH_TOKEN_INVALID_401);
  if (tid !== undefined && typeof tid !== 'string') throw new AppError(KernelErrors.AUTH_TOKEN_INVALID_401);
  if (!tokenTimesValid(payload, Math.floor(Date.now() / 1000))) throw new AppError(KernelErrors.AUTH_TOKEN_INVALID_401);
  return { userId: sub, sessionId: sid, tenantId: (tid as string | undefined) ?? DEFAULT_TENANT_ID };
}

/**
 * `exp` and `iat` present as numbers, and `iat` not beyond the clock skew ahead of now (jsonwebtoken
 * checks `exp` and `nbf` against the clock, but accepts a token with neither and any `iat`).
 */
function tokenTimesValid({ exp, iat }: jwt.JwtPayload, nowSeconds: number): boolean {
  return typeof exp === 'number' && typeof iat === 'number' && iat <= nowSeconds + CLOCK_SKEW_SECONDS;
}

/** The credential of an `Authorization: Bearer …` header, or undefined. */
export function bearerCredential(header: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1];
}
