import type { Request } from 'express';
import type { JwtPayload } from 'jsonwebtoken';
import { Strategy as JwtStrategy, type VerifiedCallback } from 'passport-jwt';
import { AppError, KernelErrors, runInTenant, type Authenticator, type ModuleContext } from '@atrium/kernel';
import { ALGORITHM, ISSUER, bearerCredential, claimsOf, looksLikeJwt } from './access-token';
import { authRuntime } from './auth-runtime';

/**
 * Auth's contribution to the kernel's `kernel.authenticator`: the access token, as a passport-jwt
 * strategy. A credential that is not a JWT at all is left to other strategies. A JWT must carry
 * this server's signature, algorithm and issuer and be unexpired (else AUTH_TOKEN_INVALID_401 /
 * AUTH_TOKEN_EXPIRED_401), carry the claims this server signs, and its session must be live and
 * its user active (else AUTH_TOKEN_REVOKED_401). The session and the user are looked up in the
 * tenant the token names: only that tenant's rows can answer.
 */
export function sessionAuthenticator(ctx: ModuleContext): Authenticator {
  const strategy = new JwtStrategy(
    {
      jwtFromRequest: accessToken,
      // The key is read at each request: the runtime is the module's, made when it starts.
      secretOrKeyProvider: (_req: Request, _token: string, done: (error: unknown, key?: never) => void) => done(null, authRuntime(ctx).tokens.key as never),
      algorithms: [ALGORITHM],
      issuer: ISSUER,
    },
    (payload: JwtPayload, done: VerifiedCallback) => {
      let claims;
      try {
        claims = claimsOf(payload);
      } catch (error) {
        return done(error);
      }
      runInTenant(claims.tenantId, () => authRuntime(ctx).principals.resolve(claims)).then(
        (principal) => done(null, principal),
        (error: unknown) => done(error),
      );
    },
  );
  return { name: 'jwt', strategy, carries: (req) => accessToken(req) !== null, refusal: refusalOf };
}

/** The bearer credential when it is shaped as a JWT; null leaves the request to other strategies. */
function accessToken(req: Request): string | null {
  const credential = bearerCredential(req.headers.authorization);
  return credential !== undefined && looksLikeJwt(credential) ? credential : null;
}

/** jsonwebtoken's refusals of a JWT (passport-jwt hands them over as failures) in the catalogue's words. */
function refusalOf(challenge: unknown): AppError | undefined {
  if (!(challenge instanceof Error)) return undefined;
  if (challenge.name === 'TokenExpiredError') return new AppError(KernelErrors.AUTH_TOKEN_EXPIRED_401);
  if (challenge.name === 'JsonWebTokenError' || challenge.name === 'NotBeforeError') return new AppError(KernelErrors.AUTH_TOKEN_INVALID_401);
  return undefined;
}
