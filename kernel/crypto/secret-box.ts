import crypto from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The sealed form's version tag, so a later algorithm can be told apart from this one. */
const VERSION = 'v1';
/** Keys a module derives are bound to what they seal: one secret, unrelated keys per purpose. */
const KEY_INFO = 'atrium secret box';

/**
 * Seals secrets a module must keep and use again (an OpenID client secret), so that a copy of the
 * database alone reveals none of them: AES-256-GCM, a fresh random IV per value, the tag checked
 * on opening (a changed value or the wrong key throws, never answers garbage). The key is derived
 * with HKDF-SHA256 from an operator's secret and a purpose, so one configured secret serves every
 * module without two purposes sharing a key.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string | Buffer, purpose: string) {
    this.key = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), `${KEY_INFO}: ${purpose}`, 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
  seal(plaintext: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv(ALGORITHM, this.key, iv);
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) throw new Error('not a value this secret box sealed');
    const decipher = crypto.createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
