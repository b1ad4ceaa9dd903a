import crypto from 'node:crypto';
import { expect } from 'chai';
import { UrlSigner } from '../../modules/assets/signed-url';
import { AppError } from '../../kernel/errors/app-error';

const ID = '01890000-0000-7000-8000-000000000001';
const TENANT = '01890000-0000-7000-8000-00000000000a';
const OTHER_TENANT = '01890000-0000-7000-8000-00000000000b';
const NOW = Date.UTC(2026, 10, 21, 9, 30, 0, 250);

/** The signer alone, at exact instants (over HTTP, downloads.test.ts waits for a real expiry). */
describe('UrlSigner', () => {
  const signer = new UrlSigner(crypto.createSecretKey(Buffer.alloc(32, 7)));
  const parts = (url: string) => {
    const query = new URL(url, 'http://x').searchParams;
    return { tenant: query.get('tenant')!, expires: query.get('expires')!, signature: query.get('signature')! };
  };
  const codeOf = (work: () => void) => {
    try {
      work();
      return 'ok';
    } catch (error) {
      return (error as AppError).code;
    }
  };

  const verify = (assetId: string, tenant: string | undefined, expires: string | undefined, signature: string | undefined, nowMs: number) => () =>
    signer.verify({ assetId, tenant, expires, signature }, nowMs);

  it('signs `<tenant>.<id>.<expires>` with HMAC-SHA256, expiring at least the asked seconds from now', () => {
    const { url, expiresAt } = signer.sign(TENANT, ID, 300, NOW);
    const { tenant, expires, signature } = parts(url);
    expect(tenant).to.equal(TENANT);
    expect(Number(expires)).to.equal(Math.ceil(NOW / 1000) + 300);
    expect(expiresAt).to.equal(new Date(Number(expires) * 1000).toISOString());
    expect(signature).to.equal(crypto.createHmac('sha256', Buffer.alloc(32, 7)).update(`${TENANT}.${ID}.${expires}`).digest('hex'));
  });

  it('accepts the URL up to its expiry second, and answers expired one millisecond after', () => {
    const { expires, signature } = parts(signer.sign(TENANT, ID, 60, NOW).url);
    expect(codeOf(verify(ID, TENANT, expires, signature, Number(expires) * 1000))).to.equal('ok');
    expect(codeOf(verify(ID, TENANT, expires, signature, Number(expires) * 1000 + 1))).to.equal('SIGNED_URL_EXPIRED_403');
  });

  it('answers invalid, not expired, for an expired URL whose expiry was tampered with', () => {
    const { expires, signature } = parts(signer.sign(TENANT, ID, 60, NOW).url);
    expect(codeOf(verify(ID, TENANT, String(Number(expires) + 1), signature, NOW + 3600_000))).to.equal('SIGNED_URL_INVALID_403');
  });

  it('answers invalid for another key, another asset, another tenant, or malformed input, without comparing', () => {
    const { expires, signature } = parts(signer.sign(TENANT, ID, 60, NOW).url);
    const other = new UrlSigner(crypto.createSecretKey(Buffer.alloc(32, 8)));
    expect(codeOf(() => other.verify({ assetId: ID, tenant: TENANT, expires, signature }, NOW))).to.equal('SIGNED_URL_INVALID_403');
    expect(codeOf(verify(ID.replace(/1$/, '2'), TENANT, expires, signature, NOW))).to.equal('SIGNED_URL_INVALID_403');
    expect(codeOf(verify(ID, OTHER_TENANT, expires, signature, NOW))).to.equal('SIGNED_URL_INVALID_403');
    expect(codeOf(verify(ID, undefined, expires, signature, NOW))).to.equal('SIGNED_URL_INVALID_403');
    for (const [e, s] of [
      [undefined, signature],
      [expires, undefined],
      [' 1', signature],
      ['1e9', signature],
      [expires, `${signature}00`],
      [expires, signature.replace(/[0-9a-f]$/, 'g')],
    ]) {
      expect(codeOf(verify(ID, TENANT, e, s, NOW))).to.equal('SIGNED_URL_INVALID_403');
    }
  });
});
