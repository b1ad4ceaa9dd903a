import crypto from 'node:crypto';
import fs from 'node:fs';
import type { StorageCapability } from '@atrium/kernel';
import { version as ZXCVBN_VERSION } from '@zxcvbn-ts/core/package.json';

const FILE = 'jwt-secret-strength';

/**
 * Which JWT_SECRET an earlier start found strong enough, so that the next start need not estimate
 * it again (a third of a second of every production start, in a worker thread). The folder holds
 * an HMAC keyed with the secret over a fixed label, never the secret: whoever reads it can test
 * guesses of the secret offline, exactly as the signature of any token the server issued lets
 * them, and no faster. The label names the estimator's version and the threshold, so an upgrade
 * or a stricter threshold estimates again.
 */
export class StrongSecretMemo {
  private readonly file: string;

  constructor(
    storage: StorageCapability,
    private readonly threshold: number,
  ) {
    this.file = storage.path(FILE);
  }

  knows(secret: string): boolean {
    try {
      const kept = fs.readFileSync(this.file);
      const expected = this.verifier(secret);
      return kept.length === expected.length && crypto.timingSafeEqual(kept, expected);
    } catch {
      return false;
    }
  }

  /** Written whole under a temporary name and renamed: a start reading it meanwhile sees the old one or the new. */
  remember(secret: string): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(temporary, this.verifier(secret), { mode: 0o600 });
      fs.renameSync(temporary, this.file);
    } catch {
      // A folder that cannot be written only means the next start estimates again.
      fs.rmSync(temporary, { force: true });
    }
  }

  private verifier(secret: string): Buffer {
    return crypto
      .createHmac('sha256', secret)
      .update(`atrium JWT_SECRET estimated strong: zxcvbn ${ZXCVBN_VERSION}, at least 10^${this.threshold} guesses`)
      .digest();
  }
}
