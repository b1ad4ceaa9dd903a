import crypto, { type KeyObject } from 'node:crypto';
import { AppError } from '@atrium/kernel';
import { AssetErrors } from './errors';

export const DEFAULT_EXPIRES_IN_SECONDS = 300;
export const MAX_EXPIRES_IN_SECONDS = 24 * 60 * 60;

/** Unix seconds as they are signed: digits, no leading zero (one value, one spelling). */
const EXPIRES = /^[1-9][0-9]{0,11}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

export interface SignedUrl {
  /** A path under /api/v1 that downloads the asset without a bearer token until `expiresAt`. */
  url: string;
  expiresAt: string;
}

/**
 * Signed download URLs: `signature` = hex HMAC-SHA256 of `<tenantId>.<assetId>.<expires>` under
 * the module's secret, so a URL names one tenant's asset and one expiry, and changing any of the
 * three breaks it. The tenant travels in the URL: the download is looked up in that tenant only.
 */
export class UrlSigner {
  constructor(private readonly key: KeyObject) {}

  sign(tenantId: string, assetId: string, expiresInSeconds: number, nowMs = Date.now()): SignedUrl {
    // Rounded up: the URL lives at least as long as asked.
    const expires = String(Math.ceil(nowMs / 1000) + expiresInSeconds);
    const query = new URLSearchParams({ tenant: tenantId, expires, signature: this.signature(tenantId, assetId, expires) });
    return { url: `/api/v1/assets/${assetId}/signed-content?${query.toString()}`, expiresAt: new Date(Number(expires) * 1000).toISOString() };
  }

  /**
   * Throws 403 `SIGNED_URL_INVALID_403` unless the signature is the one for this tenant, asset and
   * expiry — checked first, in constant time, so a forged expiry is invalid rather than expired —
   * then `SIGNED_URL_EXPIRED_403` once the expiry has passed.
   */
  verify(signed: { tenant?: string; assetId: string; expires?: string; signature?: string }, nowMs = Date.now()): void {
    const { tenant, assetId, expires, signature } = signed;
    if (tenant === undefined || expires === undefined || signature === undefined || !EXPIRES.test(expires) || !SIGNATURE.test(signature)) throw invalid();
    const expected = Buffer.from(this.signature(tenant, assetId, expires), 'hex');
    if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw invalid();
    if (nowMs > Number(expires) * 1000) {
      throw new AppError(AssetErrors.SIGNED_URL_EXPIRED_403, {
        details: [{ field: '/query/expires', rule: 'expiry', message: `expired at ${new Date(Number(expires) * 1000).toISOString()}` }],
      });
    }
  }

  private signature(tenantId: string, assetId: string, expires: string): string {
    return crypto.createHmac('sha256', this.key).update(`${tenantId}.${assetId}.${expires}`).digest('hex');
  }
}

function invalid(): AppError {
  return new AppError(AssetErrors.SIGNED_URL_INVALID_403, {
    details: [{ field: '/query/signature', rule: 'signature', message: 'does not sign this tenant, asset and expiry' }],
  });
}
