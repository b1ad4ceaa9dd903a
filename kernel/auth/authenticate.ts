import type { Request } from 'express';
import passport from 'passport';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';
import type { SpiToken } from '../di/tokens';
import { AuthenticatorSpi, type Authenticator } from './authenticator';
import type { Principal } from './principal';

/**
 * Where the enabled modules' contributions are found: the module registry, named by the one
 * method used here because the registry sits in a layer above auth (docs/architecture.md).
 */
interface Contributions {
  contributions<T>(token: SpiToken<T>): T[];
}

type Passport = InstanceType<typeof passport.Passport>;

/**
 * The properties Passport's authenticate middleware sets on every request it runs on (its login
 * helpers and session manager, unused with `session: false`): the server declares them on each
 * request it makes (http/shaped-messages.ts), so setting them is a plain store.
 */
export const PASSPORT_REQUEST_FIELDS = ['login', 'logIn', 'logout', 'logOut', 'isAuthenticated', 'isUnauthenticated', '_sessionManager'] as const;

/** Per registry, the Passport instance of the strategies last seen: rebuilt only when the enabled ones change. */
const passports = new WeakMap<Contributions, { authenticators: readonly Authenticator[]; passport: Passport }>();

/**
 * Runs the enabled `kernel.authenticator` strategies that the request carries a credential for,
 * in load order, with Passport: the first that succeeds decides, and one that errors refuses the
 * request. When all fail, the first failure a strategy calls its own refusal answers (an expired
 * JWT); else a request without an Authorization header — or any request while no strategy is
 * installed — is `AUTH_TOKEN_MISSING_401`, and one whose credential no strategy took is
 * `AUTH_TOKEN_INVALID_401`.
 */
export function authenticateRequest(registry: Contributions, req: Request): Promise<Principal> {
  const authenticators = registry.contributions(AuthenticatorSpi);
  const missing = () => new AppError(req.headers.authorization === undefined ? KernelErrors.AUTH_TOKEN_MISSING_401 : KernelErrors.AUTH_TOKEN_INVALID_401);
  if (authenticators.length === 0) return Promise.reject(new AppError(KernelErrors.AUTH_TOKEN_MISSING_401));
  const candidates = authenticators.filter((authenticator) => authenticator.carries?.(req) ?? true);
  if (candidates.length === 0) return Promise.reject(missing());
  const strategies = passportOf(registry, authenticators);
  return new Promise((resolve, reject) => {
    const names = candidates.map((authenticator) => authenticator.name);
    const done = (error: unknown, principal: Principal | false, challenges: unknown) => {
      if (error) return reject(error);
      if (principal) return resolve(principal);
      const failures = Array.isArray(challenges) ? challenges : [challenges];
      const refusal = candidates.map((authenticator, at) => authenticator.refusal?.(failures[at])).find((found) => found !== undefined);
      reject(refusal ?? missing());
    };
    strategies.authenticate(names, { session: false }, done)(req, req.res, reject);
  });
}

function passportOf(registry: Contributions, authenticators: readonly Authenticator[]): Passport {
  const current = passports.get(registry);
  if (current && sameItems(current.authenticators, authenticators)) return current.passport;
  const instance = new passport.Passport();
  for (const { name, strategy } of authenticators) instance.use(name, strategy);
  passports.set(registry, { authenticators, passport: instance });
  return instance;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, at) => item === b[at]);
}
