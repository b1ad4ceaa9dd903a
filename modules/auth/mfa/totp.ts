import { Secret, TOTP } from 'otpauth';

/**
 * RFC 6238 as authenticator apps speak it (otpauth): SHA-1, six digits, 30-second steps. A code
 * of the step before or after the current one is accepted too, for a phone's clock that drifts
 * and a code typed as its step ends.
 */
const PERIOD = 30;
const WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;

/** A new shared secret, base32 (what an app is given and what is stored). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString();
}

/**
 * The time step (30-second periods since the epoch) a code belongs to, or null when it is not a
 * code of this secret around `now`. The caller refuses a step it has already accepted: a code
 * works once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

function totpOf(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), period: PERIOD, digits: 6, algorithm: 'SHA1' });
}
