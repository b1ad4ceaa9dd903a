import { runInTenant, type Authenticator, type ModuleContext } from '@atrium/kernel';
import { bearerCredential, looksLikeJwt } from './access-token';
import { authRuntime } from './auth-runtime';

/**
 * Auth's contribution to the kernel's `kernel.authenticator`. A credential that is not a JWT at all
 * is left to other authenticators (null). A JWT must carry this server's signature, algorithm
 * and issuer and be unexpired (else AUTH_TOKEN_INVALID_401 / AUTH_TOKEN_EXPIRED_401), and its
 * session must be live and its user active (else AUTH_TOKEN_REVOKED_401). The session and the
 * user are looked up in the tenant the token names: only that tenant's rows can answer.
 */
export function sessionAuthenticator(ctx: ModuleContext): Authenticator {
  return {
    async authenticate({ headers }) {
      const credential = bearerCredential(headers.authorization);
      if (!credential || !looksLikeJwt(credential)) return null;
      const runtime = authRuntime(ctx);
      const claims = runtime.tokens.verify(credential);
      return runInTenant(claims.tenantId, () => runtime.principals.resolve(claims));
    },
  };
}
