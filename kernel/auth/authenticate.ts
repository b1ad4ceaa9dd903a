import type { Request } from 'express';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';
import type { SpiToken } from '../di/tokens';
import { AuthenticatorSpi } from './authenticator';
import type { Principal } from './principal';

/**
 * Where the enabled modules' contributions are found: the module registry, named by the one
 * method used here because the registry sits in a layer above auth (docs/architecture.md).
 */
interface Contributions {
  contributions<T>(token: SpiToken<T>): T[];
}

/**
 * Asks the enabled `kernel.authenticator` contributions, in load order, who is calling. The first
 * that recognises the credential decides. A request without credentials — or any request while
 * no authenticator is installed — is `AUTH_TOKEN_MISSING_401`; a credential that no installed
 * authenticator recognises is `AUTH_TOKEN_INVALID_401`.
 */
export async function authenticateRequest(registry: Contributions, req: Request, ip: string): Promise<Principal> {
  const authenticators = registry.contributions(AuthenticatorSpi);
  for (const authenticator of authenticators) {
    const principal = await authenticator.authenticate({ headers: req.headers, ip });
    if (principal) return principal;
  }
  const presented = authenticators.length > 0 && req.headers.authorization !== undefined;
  throw new AppError(presented ? KernelErrors.AUTH_TOKEN_INVALID_401 : KernelErrors.AUTH_TOKEN_MISSING_401);
}
