import crypto, { type KeyObject } from 'node:crypto';
import { storedSecret, type ModuleEnvironment, type StorageCapability } from '@atrium/kernel';
import { MIN_SECRET_GUESSES_LOG10, secretStrength } from './secret-strength';
import { StrongSecretMemo } from './strong-secret-memo';

/** HS256 wants a key at least as long as its hash: 32 bytes. */
export const MIN_SECRET_BYTES = 32;
const SECRET_FILE = 'jwt-secret';

const HOW_TO_GENERATE = "generate one with `openssl rand -base64 48` or `node -e \"console.log(require('crypto').randomBytes(48).toString('base64'))\"`";

/**
 * What is wrong with JWT_SECRET where the server runs (none: it may be used), checked before the
 * boot touches the database. Set, it must be 32 bytes long in any environment (a weak secret
 * someone chose is a mistake wherever it runs); in production it must be set, and must not be
 * guessable (secret-strength.ts). The secret itself never appears in a message. A secret found
 * strong is remembered in the module's folder (strong-secret-memo.ts) and not estimated again.
 */
export async function jwtSecretProblems(environment: ModuleEnvironment, storage: StorageCapability): Promise<string[]> {
  const problem = jwtSecretAbsentOrShort(environment);
  if (problem) return [problem];
  const configured = environment.variable('JWT_SECRET');
  if (!environment.production || !configured) return [];
  const memo = new StrongSecretMemo(storage, MIN_SECRET_GUESSES_LOG10);
  if (memo.knows(configured)) return [];
  const { guessesLog10, patterns } = await secretStrength(configured);
  if (guessesLog10 >= MIN_SECRET_GUESSES_LOG10) {
    memo.remember(configured);
    return [];
  }
  const madeOf = patterns.length > 0 ? `it is made of ${patterns.join(', ')} patterns, ` : '';
  return [`JWT_SECRET is guessable (${madeOf}about 10^${guessesLog10.toFixed(0)} guesses, fewer than the 2^80 a signing key needs): ${HOW_TO_GENERATE}`];
}

function jwtSecretAbsentOrShort(environment: ModuleEnvironment): string | undefined {
  const configured = environment.variable('JWT_SECRET');
  if (configured) {
    return Buffer.byteLength(configured, 'utf8') < MIN_SECRET_BYTES ? `JWT_SECRET is shorter than ${MIN_SECRET_BYTES} bytes: ${HOW_TO_GENERATE}` : undefined;
  }
  return environment.production
    ? `JWT_SECRET is not set: a production server needs a random secret of at least ${MIN_SECRET_BYTES} bytes; ${HOW_TO_GENERATE}`
    : undefined;
}

/**
 * The key access tokens are signed with: `JWT_SECRET` when it is set; without it, outside
 * production, a random secret made once and kept in the module's storage folder, so tokens
 * survive a restart. The boot has already refused a JWT_SECRET with problems (the module's
 * checkEnvironment); an absent or short one is refused here too, for any other caller.
 */
export function loadJwtSecret(environment: ModuleEnvironment, storage: StorageCapability): KeyObject {
  const problem = jwtSecretAbsentOrShort(environment);
  if (problem) throw new Error(problem);
  const configured = environment.variable('JWT_SECRET');
  if (configured) return crypto.createSecretKey(Buffer.from(configured, 'utf8'));
  return crypto.createSecretKey(storedSecret(storage.path(SECRET_FILE), 'every session then ends'));
}
