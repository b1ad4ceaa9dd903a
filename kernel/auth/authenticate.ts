import type { Request } from 'express';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';
import type { ModuleRegistry } from '../modules/module-registry';
import { AuthenticatorSpi } from './authenticator';
import type { Principal } from './principal';

/**
 * Asks the enabled `auth.authenticator` contributions, in load order, who is calling. The first
 * that recognises the credential decides; when none does (or none is installed) the request is
 * unauthenticated.
 */
export async function authenticateRequest(registry: ModuleRegistry, req: Request): Promise<Principal> {
  for (const authenticator of registry.contributions(AuthenticatorSpi)) {
    const principal = await authenticator.authenticate({ headers: req.headers, ip: req.ip ?? '' });
    if (principal) return principal;
  }
  throw new AppError(KernelErrors.AUTH_TOKEN_MISSING_401);
}
