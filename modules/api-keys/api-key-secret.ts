import crypto from 'node:crypto';

/** What every key starts with: a scanner (or a person) tells an Atrium key at a glance. */
export const KEY_PREFIX = 'atr_';

/** 9 random bytes, base64url: what a presented key is found by, and what lists show of it. */
const LOOKUP_BYTES = 9;
const LOOKUP_LENGTH = 12;
/** 32 random bytes, base64url: the secret proper. */
const SECRET_BYTES = 32;
const SECRET_LENGTH = 43;

const KEY_SHAPE = new RegExp(`^${KEY_PREFIX}([A-Za-z0-9_-]{${LOOKUP_LENGTH}})([A-Za-z0-9_-]{${SECRET_LENGTH}})$`);

/** A key as made: the whole key, shown once; the part it is found by; the hash kept. */
export interface NewKeySecret {
  key: string;
  lookup: string;
  secretHash: string;
}

export function newKeySecret(): NewKeySecret {
  const lookup = crypto.randomBytes(LOOKUP_BYTES).toString('base64url');
  const secret = crypto.randomBytes(SECRET_BYTES).toString('base64url');
  return { key: `${KEY_PREFIX}${lookup}${secret}`, lookup, secretHash: hashSecret(secret) };
}

/** Whether a credential is shaped as a key of ours at all: anything else is another strategy's. */
export function looksLikeKey(credential: string): boolean {
  return credential.startsWith(KEY_PREFIX);
}

/** The parts of a presented key, or null when it is not well formed. */
export function parseKey(key: string): { lookup: string; secret: string } | null {
  const match = KEY_SHAPE.exec(key);
  return match ? { lookup: match[1], secret: match[2] } : null;
}

/** What a list shows of a key: enough to tell keys apart, nothing that proves anything. */
export function displayPrefix(lookup: string): string {
  return `${KEY_PREFIX}${lookup}`;
}

/**
 * SHA-256, not a password hash: the secret is 256 random bits, so nothing is left to guess and a
 * slow hash (argon2, bcrypt) would add no protection — only its cost, to every request a key
 * makes. The lookup part finds the row; the hash is compared in constant time.
 */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function secretMatches(secret: string, secretHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const kept = Buffer.from(secretHash, 'hex');
  return presented.length === kept.length && crypto.timingSafeEqual(presented, kept);
}
