import type { IncomingHttpHeaders } from 'node:http';
import { AuditSinkSpi } from '../audit/operation-record';
import { spi } from '../di/tokens';
import { ReadinessSpi } from '../runtime/readiness';
import type { Principal } from './principal';

export interface AuthenticationRequest {
  headers: IncomingHttpHeaders;
  ip: string;
}

/**
 * The extension point that turns a request's credential into a Principal. Answer null when the
 * request carries no credential this authenticator recognises; throw a catalogued AUTH_* error
 * for one it recognises but refuses (invalid, expired, revoked).
 */
export interface Authenticator {
  authenticate(request: AuthenticationRequest): Promise<Principal | null>;
}

/** Owned by the kernel, filled by the auth module (or any module that authenticates). */
export const AuthenticatorSpi = spi<Authenticator>('kernel.authenticator');

/** SPIs the kernel itself consumes: any module may contribute to them without depending on anyone. */
export const KERNEL_SPIS: ReadonlySet<string> = new Set([AuthenticatorSpi.name, AuditSinkSpi.name, ReadinessSpi.name]);
