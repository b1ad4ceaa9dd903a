import { expect } from 'chai';
import { DEFAULT_TENANT_ID } from '../../kernel/api';
import { detailFor, eventually, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { download, upload } from './helpers';
import { PDF, PNG, TEXT } from './samples';

/** Downloads: with a bearer token, and by signed URL without one. */
describe('downloading assets', () => {
  let server: TestServer;
  let pdf: { id: string; filename: string };
  let png: { id: string };
  const NAME = 'Résumé 履歴書 "final" 100%.pdf';

  before(async () => {
    server = await startTestServer({ captureLogs: true });
    pdf = expectSuccess(await upload(server, NAME, PDF), 201).data as { id: string; filename: string };
    png = expectSuccess(await upload(server, 'pixel.png', PNG), 201).data as { id: string };
  });
  after(() => server?.stop());

  /** The filename a client reads from `filename*` (RFC 6266 / 8187). */
  function extendedFilename(disposition: string): string {
    const match = /filename\*=UTF-8''([^;]+)/.exec(disposition);
    expect(match, disposition).to.not.equal(null);
    return decodeURIComponent(match![1]);
  }

  function expectDownloadHeaders(headers: Record<string, string>, type: string, size: number): void {
    expect(headers['content-type']).to.equal(type);
    expect(headers['content-length']).to.equal(String(size));
    expect(headers['x-content-type-options']).to.equal('nosniff');
    expect(headers['content-security-policy']).to.equal('sandbox');
    expect(headers['content-disposition']).to.match(/^attachment; /);
  }

  describe('GET /assets/{id}/content', () => {
    it('answers the bytes with the stored type, length, attachment, nosniff and a sandbox', async () => {
      const res = await download(server, `/api/v1/assets/${pdf.id}/content`, ADMIN);
      expect(res.status).to.equal(200);
      expect((res.body as Buffer).equals(PDF)).to.equal(true);
      expectDownloadHeaders(res.headers, 'application/pdf', PDF.length);
    });

    it('names the file as RFC 6266 says: an ASCII stand-in and the exact UTF-8 name', async () => {
      const disposition = (await download(server, `/api/v1/assets/${pdf.id}/content`, ADMIN)).headers['content-disposition'] as string;
      expect(disposition).to.equal(
        `attachment; filename="R_sum_ ___ _final_ 100_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E5%B1%A5%E6%AD%B4%E6%9B%B8%20%22final%22%20100%25.pdf`,
      );
      expect(extendedFilename(disposition)).to.equal(NAME);
      expect(disposition).to.match(/^[\x20-\x7e]+$/);
    });

    it('serves text as UTF-8 text', async () => {
      const text = expectSuccess(await upload(server, 'notes.txt', TEXT), 201).data as { id: string };
      const res = await download(server, `/api/v1/assets/${text.id}/content`, ADMIN);
      expectDownloadHeaders(res.headers, 'text/plain; charset=utf-8', TEXT.length);
      expect((res.body as Buffer).equals(TEXT)).to.equal(true);
    });
  });

  describe('signed URLs', () => {
    const sign = (id: string, body: object = {}, token = ADMIN) => server.http().post(`/api/v1/assets/${id}/signed-url`).set('Authorization', token).send(body);
    const signed = async (id: string, body: object = {}) => expectSuccess(await sign(id, body)).data as { url: string; expiresAt: string };
    /** The URL with one query parameter replaced. */
    const withParam = (url: string, name: string, value: string) => {
      const parsed = new URL(url, 'http://x');
      parsed.searchParams.set(name, value);
      return `${parsed.pathname}${parsed.search}`;
    };

    it('answers a path under /api/v1 that downloads without a bearer token, valid 300 s by default', async () => {
      const before = Date.now();
      const { url, expiresAt } = await signed(pdf.id);
      const after = Date.now();
      expect(url).to.match(new RegExp(`^/api/v1/assets/${pdf.id}/signed-content\\?tenant=${DEFAULT_TENANT_ID}&expires=[0-9]+&signature=[0-9a-f]{64}$`));
      // Signed between before and after, rounded up to the second.
      expect(Date.parse(expiresAt)).to.be.within(before + 300_000, after + 301_000);
      expect(Number(new URL(url, 'http://x').searchParams.get('expires')) * 1000).to.equal(Date.parse(expiresAt));
      const res = await download(server, url);
      expect(res.status).to.equal(200);
      expect((res.body as Buffer).equals(PDF)).to.equal(true);
      expectDownloadHeaders(res.headers, 'application/pdf', PDF.length);
      expect(extendedFilename(res.headers['content-disposition'] as string)).to.equal(NAME);
    });

    it('needs no body at all: a POST without one signs for the default 300 s', async () => {
      const before = Date.now();
      const res = await server.http().post(`/api/v1/assets/${pdf.id}/signed-url`).set('Authorization', ADMIN);
      const { expiresAt } = expectSuccess(res).data as { expiresAt: string };
      expect(Date.parse(expiresAt)).to.be.within(before + 300_000, Date.now() + 301_000);
    });

    it('lasts as long as asked, up to 86400 s', async () => {
      const before = Date.now();
      const { expiresAt } = await signed(pdf.id, { expiresInSeconds: 86_400 });
      const after = Date.now();
      expect(Date.parse(expiresAt)).to.be.within(before + 86_400_000, after + 86_401_000);
    });

    it('answers 400 VALIDATION_FAILED_400 naming /body/expiresInSeconds for 86401 s, 0 s or a fraction', async () => {
      for (const expiresInSeconds of [86_401, 0, 1.5]) {
        detailFor(expectError(await sign(pdf.id, { expiresInSeconds }), 400, 'VALIDATION_FAILED_400'), '/body/expiresInSeconds');
      }
    });

    it('answers 403 SIGNED_URL_INVALID_403 for a tampered signature', async () => {
      const { url } = await signed(pdf.id);
      const signature = new URL(url, 'http://x').searchParams.get('signature')!;
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
      expectError(await download(server, withParam(url, 'signature', flipped)), 403, 'SIGNED_URL_INVALID_403');
      expectError(await download(server, withParam(url, 'signature', signature.toUpperCase())), 403, 'SIGNED_URL_INVALID_403');
      expectError(await download(server, withParam(url, 'signature', signature.slice(0, 32))), 403, 'SIGNED_URL_INVALID_403');
    });

    it('answers 403 SIGNED_URL_INVALID_403 for a tampered expiry, later or spelt otherwise', async () => {
      const { url } = await signed(pdf.id);
      const expires = new URL(url, 'http://x').searchParams.get('expires')!;
      expectError(await download(server, withParam(url, 'expires', String(Number(expires) + 3600))), 403, 'SIGNED_URL_INVALID_403');
      expectError(await download(server, withParam(url, 'expires', `0${expires}`)), 403, 'SIGNED_URL_INVALID_403');
      expectError(await download(server, withParam(url, 'expires', 'never')), 403, 'SIGNED_URL_INVALID_403');
      expectError(await download(server, withParam(url, 'tenant', '01890a5d-ac96-774b-bcce-b302099a8057')), 403, 'SIGNED_URL_INVALID_403');
    });

    it('answers 403 SIGNED_URL_INVALID_403 without a signature or an expiry', async () => {
      expectError(await download(server, `/api/v1/assets/${pdf.id}/signed-content`), 403, 'SIGNED_URL_INVALID_403');
      const { url } = await signed(pdf.id);
      const parsed = new URL(url, 'http://x');
      expectError(await download(server, `${parsed.pathname}?expires=${parsed.searchParams.get('expires')!}`), 403, 'SIGNED_URL_INVALID_403');
    });

    it('never opens another asset: a signature for one on another’s URL is SIGNED_URL_INVALID_403', async () => {
      const { url } = await signed(pdf.id);
      const query = new URL(url, 'http://x').search;
      expectError(await download(server, `/api/v1/assets/${png.id}/signed-content${query}`), 403, 'SIGNED_URL_INVALID_403');
    });

    it('answers 403 SIGNED_URL_EXPIRED_403 once the URL has expired', async function () {
      this.timeout(10_000);
      const { url, expiresAt } = await signed(png.id, { expiresInSeconds: 1 });
      // Past the expiry (a whole second, rounded up), by a margin.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(expiresAt) - Date.now()) + 1100));
      expectError(await download(server, url), 403, 'SIGNED_URL_EXPIRED_403');
    });

    it('answers 404 for a URL signed for an asset deleted since', async () => {
      const doomed = expectSuccess(await upload(server, 'doomed.txt', TEXT), 201).data as { id: string };
      const { url } = await signed(doomed.id);
      expectSuccess(await server.http().delete(`/api/v1/assets/${doomed.id}`).set('Authorization', ADMIN));
      expectError(await download(server, url), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('answers 404 when asked to sign an asset that does not exist', async () => {
      expectError(await sign('01890000-0000-7000-8000-000000000000'), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('keeps one secret in the database, never in a URL or a log line, and logs signatures redacted', async () => {
      const { url } = await signed(pdf.id);
      expect((await download(server, url)).status).to.equal(200);
      const rows = (await server.sql('select secret from assets_url_secret')) as { secret: string }[];
      expect(rows).to.have.length(1);
      expect(url).not.to.include(rows[0].secret);
      const signature = new URL(url, 'http://x').searchParams.get('signature')!;
      const logged = await eventually(() =>
        server.logs.find((l) => l.msg === 'request' && String(l.url).startsWith(`/api/v1/assets/${pdf.id}/signed-content`)),
      );
      expect(logged.url).to.match(/signature=\[redacted\]/);
      expect(server.rawLogs()).not.to.include(signature);
      expect(server.rawLogs()).not.to.include(rows[0].secret);
    });
  });
});
