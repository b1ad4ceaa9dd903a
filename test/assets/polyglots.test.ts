import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { download, postParts, storedFiles, upload } from './helpers';
import { HTML, PDF, PNG, SVG, TEXT } from './samples';

/** A real PNG with an HTML page after its last chunk: an image to a decoder, a page to a sniffer. */
const PNG_THEN_HTML = Buffer.concat([PNG, HTML]);

interface AssetView {
  id: string;
  contentType: string;
}

/**
 * Files that are two things at once, and files that lie about what they are: stored as what
 * their bytes are, served with `nosniff` and a sandbox, in place only when a browser can only
 * ever draw them (raster images), as an attachment otherwise — by bearer and by signed URL.
 */
describe('assets: polyglots and impostors', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  /** The headers of both downloads of an asset: GET /content with a bearer, and its signed URL. */
  async function servedHeaders(id: string): Promise<Record<string, string>[]> {
    const byBearer = await download(server, `/api/v1/assets/${id}/content`, ADMIN);
    const { url } = expectSuccess(await server.http().post(`/api/v1/assets/${id}/signed-url`).set('Authorization', ADMIN).send({})).data as { url: string };
    const bySignature = await download(server, url);
    for (const res of [byBearer, bySignature]) expect(res.status).to.equal(200);
    return [byBearer.headers, bySignature.headers];
  }

  it('stores a PNG followed by HTML as image/png and serves it as an image: inline, nosniff, sandboxed', async () => {
    const asset = expectSuccess(await upload(server, 'holiday.png', PNG_THEN_HTML), 201).data as AssetView;
    expect(asset.contentType).to.equal('image/png');
    for (const headers of await servedHeaders(asset.id)) {
      expect(headers['content-type']).to.equal('image/png');
      expect(headers['x-content-type-options']).to.equal('nosniff');
      expect(headers['content-security-policy']).to.equal('sandbox');
      expect(headers['content-disposition']).to.match(/^inline; filename="holiday\.png"/);
    }
  });

  it('serves everything that is not a raster image as an attachment: PDF and text', async () => {
    for (const [name, content, type] of [
      ['report.pdf', PDF, 'application/pdf'],
      ['notes.txt', TEXT, 'text/plain; charset=utf-8'],
    ] as const) {
      const asset = expectSuccess(await upload(server, name, content), 201).data as AssetView;
      for (const headers of await servedHeaders(asset.id)) {
        expect(headers['content-type']).to.equal(type);
        expect(headers['x-content-type-options']).to.equal('nosniff');
        expect(headers['content-disposition']).to.match(new RegExp(`^attachment; filename="${name.replace('.', '\\.')}"`));
      }
    }
  });

  it('refuses the same polyglot named .html: 415, nothing stored', async () => {
    const before = storedFiles(server);
    detailFor(expectError(await upload(server, 'holiday.html', PNG_THEN_HTML), 415, 'ASSET_UNSUPPORTED_TYPE_415'), '/body/file');
    expect(storedFiles(server)).to.deep.equal(before);
  });

  it('refuses an SVG with a script, even named and declared as a PNG: 415, nothing stored', async () => {
    const before = storedFiles(server);
    detailFor(expectError(await upload(server, 'drawing.svg', SVG), 415, 'ASSET_UNSUPPORTED_TYPE_415'), '/body/file');
    const declared = await postParts(server, [{ name: 'file', filename: 'drawing.png', content: SVG, contentType: 'image/png' }]);
    detailFor(expectError(declared, 415, 'ASSET_UNSUPPORTED_TYPE_415'), '/body/file');
    expect(storedFiles(server)).to.deep.equal(before);
  });

  it('refuses HTML declared as image/png and named .png: 415, nothing stored', async () => {
    const before = storedFiles(server);
    const res = await postParts(server, [{ name: 'file', filename: 'pixel.png', content: HTML, contentType: 'image/png' }]);
    expect(detailFor(expectError(res, 415, 'ASSET_UNSUPPORTED_TYPE_415'), '/body/file').message).to.include('text/html');
    expect(storedFiles(server)).to.deep.equal(before);
  });
});
