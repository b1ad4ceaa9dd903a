import crypto from 'node:crypto';

/** Ten codes of ten base32 characters (50 random bits each), shown once at enrolment. */
const COUNT = 10;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** New recovery codes, written `XXXXX-XXXXX` for reading aloud and typing. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * What the database keeps of a recovery code, and looks a presented one up by: the sha256 of its
 * characters in upper case without the dash or spaces, so `abcde fghjk` finds `ABCDE-FGHJK`.
 * Random codes of 50 bits need no slow hash.
 */
export function hashRecoveryCode(code: string): string {
  return crypto.createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase(), 'utf8').digest('hex');
}

/** Whether what was sent is shaped as a recovery code (not a six-digit TOTP code). */
export function looksLikeRecoveryCode(code: string): boolean {
  return /^[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}$/.test(code.trim());
}
