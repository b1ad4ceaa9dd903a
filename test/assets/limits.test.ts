import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { setParam } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { sha256, storedFiles, upload } from './helpers';
import { streamUpload } from './stream-upload';

const MiB = 1024 * 1024;
const DEFAULT_LIMIT = 10 * MiB;

/** The upload size limit: the param, the operator's ceiling, and cutting a big upload off early. */
describe('the upload size limit', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  const text = (bytes: number) => Buffer.alloc(bytes, 'a');

  it(`accepts a file of exactly the default limit (${DEFAULT_LIMIT} bytes) with its size and sha256`, async () => {
    const content = text(DEFAULT_LIMIT);
    expect(expectSuccess(await upload(server, 'exact.txt', content), 201).data).to.include({ size: DEFAULT_LIMIT, sha256: sha256(content) });
  });

  it('answers 413 ASSET_TOO_LARGE_413 for one byte over the default limit, with nothing left in storage', async () => {
    const before = storedFiles(server);
    const error = expectError(await upload(server, 'over.txt', text(DEFAULT_LIMIT + 1)), 413, 'ASSET_TOO_LARGE_413');
    expect(detailFor(error, '/body/file').message).to.include(String(DEFAULT_LIMIT));
    expect(storedFiles(server)).to.deep.equal(before);
  });

  describe('set by the param assets.upload.maxBytes', () => {
    before(() => setParam(server, 'assets.upload.maxBytes', '1000'));
    after(() => setParam(server, 'assets.upload.maxBytes', String(DEFAULT_LIMIT)));

    it('accepts exactly the limit', async () => {
      expect(expectSuccess(await upload(server, 'exact.txt', text(1000)), 201).data).to.include({ size: 1000 });
    });

    it('answers 413 for one byte over, with nothing left in storage', async () => {
      const before = storedFiles(server);
      expectError(await upload(server, 'over.txt', text(1001)), 413, 'ASSET_TOO_LARGE_413');
      expect(storedFiles(server)).to.deep.equal(before);
    });

    it('refuses a 50 MiB upload of unknown length once the limit is passed, without reading the rest, and closes the connection', async () => {
      const before = storedFiles(server);
      const res = await streamUpload(server.url, { token: ADMIN, filename: 'huge.txt', size: 50 * MiB, declareLength: false });
      expect(res.status).to.equal(413);
      expect(res.body.code).to.equal('ASSET_TOO_LARGE_413');
      expect(res.headers.connection).to.equal('close');
      // The client could hand over the limit and what the sockets buffer, never the whole body.
      expect(res.written).to.be.below(res.total / 2);
      expect(storedFiles(server)).to.deep.equal(before);
    });

    it('refuses a 50 MiB upload whose declared length is over the limit before reading any of it', async () => {
      const before = storedFiles(server);
      const res = await streamUpload(server.url, { token: ADMIN, filename: 'huge.txt', size: 50 * MiB, declareLength: true });
      expect(res.status).to.equal(413);
      expect(res.body.code).to.equal('ASSET_TOO_LARGE_413');
      expect(res.headers.connection).to.equal('close');
      expect(res.written).to.be.below(res.total / 2);
      expect(storedFiles(server)).to.deep.equal(before);
    });

    it('serves the next request after cutting an upload off', async () => {
      expectSuccess(await upload(server, 'small.txt', text(10)), 201);
    });
  });

  describe('capped by ASSET_MAX_BYTES, the operator’s ceiling', () => {
    let capped: TestServer;
    before(async () => {
      capped = await startTestServer({ env: { NODE_ENV: 'test', ASSET_MAX_BYTES: '600' } });
    });
    after(() => capped?.stop());

    it('holds uploads to the ceiling while the param is higher (the default 10 MiB)', async () => {
      expect(expectSuccess(await upload(capped, 'exact.txt', text(600)), 201).data).to.include({ size: 600 });
      const before = storedFiles(capped);
      expectError(await upload(capped, 'over.txt', text(601)), 413, 'ASSET_TOO_LARGE_413');
      expect(storedFiles(capped)).to.deep.equal(before);
    });

    it('lets the param lower the limit under the ceiling, but never raise it', async () => {
      await setParam(capped, 'assets.upload.maxBytes', '400');
      expectSuccess(await upload(capped, 'exact.txt', text(400)), 201);
      expectError(await upload(capped, 'over.txt', text(401)), 413, 'ASSET_TOO_LARGE_413');
      await setParam(capped, 'assets.upload.maxBytes', '5000');
      expectError(await upload(capped, 'over.txt', text(601)), 413, 'ASSET_TOO_LARGE_413');
    });
  });
});
