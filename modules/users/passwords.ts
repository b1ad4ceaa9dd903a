import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * The longest password taken (argon2 would take more; a bound keeps hashing cheap to refuse).
 * The floor is the param `users.password.minLength` (password-policy.ts).
 */
export const PASSWORD_MAX_LENGTH = 128;

// `Algorithm` is a const enum: its members exist for the type checker only, not at run time.
const ARGON2ID = 2 as Algorithm.Argon2id;

/** argon2id, m = 19 MiB, t = 2, p = 1 (OWASP's first choice), hashed on libuv's thread pool. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows, computed once. Checking a password against it
 * costs what checking a real user's does, so an unknown username cannot be told apart by time.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/**
 * Whether `password`, exactly as sent (no trimming, no truncation), matches `storedHash`. Without
 * a stored hash (no such user) the dummy one is checked instead, and the answer is false.
 */
export async function passwordMatches(storedHash: string | null, password: string): Promise<boolean> {
  const matches = await verify(storedHash ?? (await dummyPasswordHash()), password);
  return storedHash !== null && matches;
}
