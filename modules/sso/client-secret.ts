import crypto from 'node:crypto';
import fs from 'node:fs';
import { SecretBox, type ModuleContext, type ModuleEnvironment } from '@atrium/kernel';

/** The operator's secret client secrets are sealed with (docs/sign-in.md). */
export const ENCRYPTION_KEY = 'ENCRYPTION_KEY';
const MIN_KEY_BYTES = 32;
const KEY_FILE = 'encryption-key';

/** What is wrong with ENCRYPTION_KEY: in production it must be set; set, it must be 32 bytes at least. */
export function encryptionKeyProblems(environment: ModuleEnvironment): string[] {
  const key = environment.variable(ENCRYPTION_KEY);
  if (key)
    return Buffer.byteLength(key, 'utf8') < MIN_KEY_BYTES
      ? [`${ENCRYPTION_KEY} is shorter than ${MIN_KEY_BYTES} bytes: generate one with \`openssl rand -base64 48\``]
      : [];
  return environment.production
    ? [`${ENCRYPTION_KEY} is not set: a production server needs it to seal single sign-on client secrets (\`openssl rand -base64 48\`)`]
    : [];
}

const boxes = new WeakMap<ModuleContext, SecretBox>();

/**
 * The box client secrets are sealed in: keyed from ENCRYPTION_KEY, or, outside production, from a
 * random key made once and kept in the module's storage folder (so secrets survive a restart).
 */
export function clientSecretBox(ctx: ModuleContext): SecretBox {
  let box = boxes.get(ctx);
  if (!box) {
    box = new SecretBox(ctx.environment.variable(ENCRYPTION_KEY) ?? storedKey(ctx.storage.path(KEY_FILE)), 'sso client secret');
    boxes.set(ctx, box);
  }
  return box;
}

/** Made by whichever instance sharing DATA_DIR comes first (`wx`: never overwritten), read by all. */
function storedKey(file: string): Buffer {
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8'), 'base64');
}
