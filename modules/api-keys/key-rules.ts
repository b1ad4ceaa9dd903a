import { AppError, KernelErrors, type Principal } from '@atrium/kernel';
import { ApiKeyErrors } from './errors';
import { notHeld } from './key-permissions';
import { MAX_LIFETIME_DAYS } from './settings';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keys are managed from the owner's own session only: a key that could make keys would outlive
 * its own revocation, and a session switched into another tenant is not that tenant's user.
 */
export function requireOwnSession(principal: Principal): void {
  if (principal.credential !== undefined || principal.homeTenantId !== undefined) throw new AppError(ApiKeyErrors.API_KEY_SESSION_REQUIRED_403);
}

/** Nobody hands a key more than they hold: 403 PERM_DENIED_403, a detail per code they lack. */
export function refuseEscalation(principal: Principal, requested: readonly string[]): void {
  const lacking = notHeld(requested, principal.permissions);
  if (lacking.length === 0) return;
  throw new AppError(KernelErrors.PERM_DENIED_403, {
    details: lacking.map((code) => ({ field: '/body/permissions', rule: 'escalation', message: `you do not hold ${code}`, permission: code })),
  });
}

/** The expiry asked for, when it is in the future and within the maximum lifetime; null: never. */
export function expiryOf(expiresAt: string | null | undefined, now = new Date()): Date | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const at = new Date(expiresAt);
  const latest = now.getTime() + MAX_LIFETIME_DAYS * DAY_MS;
  if (at.getTime() <= now.getTime() || at.getTime() > latest) {
    throw new AppError(KernelErrors.VALIDATION_FAILED_400, {
      details: [{ field: '/body/expiresAt', rule: 'range', message: `must be in the future and at most ${MAX_LIFETIME_DAYS} days ahead` }],
    });
  }
  return at;
}
