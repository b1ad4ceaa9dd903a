import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import type { ModuleEnvironment, StorageCapability } from '@atrium/kernel';

/** HS256 wants a key at least as long as its hash: 32 bytes. */
export const MIN_SECRET_BYTES = 32;
const GENERATED_BYTES = 48;
const SECRET_FILE = 'jwt-secret';

/**
 * The key access tokens are signed with. `JWT_SECRET` when it is set (and long enough, in any
 * environment: a weak secret someone chose is a mistake wherever it runs). Without it a
 * production server refuses to start; elsewhere a random secret is made once and kept in the
 * module's storage folder, so tokens survive a restart.
 */
export function loadJwtSecret(environment: ModuleEnvironment, storage: StorageCapability): KeyObject {
  const configured = environment.variable('JWT_SECRET');
  if (configured) {
    if (Buffer.byteLength(configured, 'utf8') < MIN_SECRET_BYTES) {
      throw new Error(`JWT_SECRET is shorter than ${MIN_SECRET_BYTES} bytes: set a longer random value (e.g. \`openssl rand -base64 48\`)`);
    }
    return crypto.createSecretKey(Buffer.from(configured, 'utf8'));
  }
  if (environment.production) {
    throw new Error(`JWT_SECRET is not set: a production server needs a random secret of at least ${MIN_SECRET_BYTES} bytes (e.g. \`openssl rand -base64 48\`)`);
  }
  return crypto.createSecretKey(storedSecret(storage.path(SECRET_FILE)));
}

/**
 * Reads the local secret, or makes it. It is written whole under a temporary name and linked
 * into place, so an instance starting at the same moment reads either nothing or all of it, and
 * the first link wins.
 */
function storedSecret(file: string): Buffer {
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, crypto.randomBytes(GENERATED_BYTES).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (secret.length < MIN_SECRET_BYTES) {
    throw new Error(`the stored JWT secret ${file} is shorter than ${MIN_SECRET_BYTES} bytes: delete the file to have a new one made (every session then ends)`);
  }
  return secret;
}
