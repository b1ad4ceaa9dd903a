import crypto from 'node:crypto';
import fs from 'node:fs';

/** Long enough for HS256 and for an AES-256 key derived with HKDF. */
const MIN_SECRET_BYTES = 32;
const GENERATED_BYTES = 48;

/**
 * Reads a secret kept in the module's storage folder, or makes it. It is written whole under a
 * temporary name and linked into place, so an instance starting at the same moment reads either
 * nothing or all of it, and the first link wins. `lostWithIt` tells the operator what deleting
 * the file costs.
 */
export function storedSecret(file: string, lostWithIt: string): Buffer {
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
    throw new Error(`the stored secret ${file} is shorter than ${MIN_SECRET_BYTES} bytes: delete the file to have a new one made (${lostWithIt})`);
  }
  return secret;
}
