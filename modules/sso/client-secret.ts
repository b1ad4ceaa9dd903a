import crypto from 'node:crypto';
import fs from 'node:fs';
import { SecretBox, type ModuleContext, type ModuleEnvironment } from '@atrium/kernel';

/** The operator's secret client secrets are sealed with (docs/sign-in.md). */
export const ENCRYPTION_KEY = 'ENCRYPTION_KEY';
const MIN_KEY_BYTES = 32;
const KEY_FILE = 'encryption-key';

/**
 * What is wrong with ENCRYPTION_KEY: set, it must be 32 bytes at least. Unset is no refusal, even
 * in production: a server that configures no provider never seals anything, and one that does
 * seals with the key kept in DATA_DIR (warned at start, `keyWarning`).
 */
export function encryptionKeyProblems(environment: ModuleEnvironment): string[] {
  const key = environment.variable(ENCRYPTION_KEY);
  return key && Buffer.byteLength(key, 'utf8') < MIN_KEY_BYTES
    ? [`${ENCRYPTION_KEY} is shorter than ${MIN_KEY_BYTES} bytes: generate one with \`openssl rand -base64 48\``]
    : [];
}

/** Warns a production server without ENCRYPTION_KEY that its instances must share DATA_DIR's key. */
export function keyWarning(ctx: ModuleContext): void {
  if (!ctx.environment.production || ctx.environment.variable(ENCRYPTION_KEY)) return;
  ctx.log.warn(
    `${ENCRYPTION_KEY} is not set: single sign-on client secrets are sealed with a key kept in this server's DATA_DIR; instances that do not share DATA_DIR must all be given one ENCRYPTION_KEY (\`openssl rand -base64 48\`)`,
  );
}

const boxes = new WeakMap<ModuleContext, SecretBox>();

/**
 * The box client secrets are sealed in: keyed from ENCRYPTION_KEY, or else from a random key made
 * once and kept in the module's storage folder (so secrets survive a restart).
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
