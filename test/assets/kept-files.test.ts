import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { DEFAULT_TENANT_ID, newId, runInTenant, type ModuleContext } from '../../kernel/api';
import { AssetService } from '../../modules/assets/asset.service';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { download, storedFiles } from './helpers';

const CSV = 'text/csv; charset=utf-8';

/**
 * Files the server makes (a large export's), kept as assets by AssetService.keep: streamed to the
 * real store and recorded as the given user's, or, when the file fails or the task is cancelled
 * part way, nothing at all — no row, no bytes.
 */
describe('assets: keeping a file the server made', () => {
  let server: TestServer;
  let ctx: ModuleContext;
  before(async () => {
    server = await startTestServer();
    ctx = server.kernel.registry.get('assets')!.ctx;
  });
  after(() => server?.stop());

  const keep = (body: Readable, owner: string, signal?: AbortSignal) =>
    runInTenant(DEFAULT_TENANT_ID, () => new AssetService(ctx).keep({ body, contentType: CSV, fileName: 'posts-2026-11-28.csv' }, owner, signal));
  const rowsOf = async (owner: string) => server.sql('select id from assets_asset where created_by = ?', [owner]);

  /** A file of `chunks` chunks of 64 KiB, failing before chunk `failAt` when given. */
  function made(chunks: number, failAt?: number): Readable {
    return Readable.from(
      (async function* () {
        for (let i = 0; i < chunks; i++) {
          if (i === failAt) throw new Error('the export failed part way');
          yield Buffer.alloc(64 * 1024, 97 + (i % 26));
          await new Promise((resolve) => setImmediate(resolve));
        }
      })(),
    );
  }

  it('stores the whole file as the owner’s asset, its size and SHA-256 recorded', async () => {
    const owner = newId();
    const expected = Buffer.concat(Array.from({ length: 8 }, (_, i) => Buffer.alloc(64 * 1024, 97 + (i % 26))));
    const asset = await keep(made(8), owner);
    expect(asset).to.include({ filename: 'posts-2026-11-28.csv', contentType: CSV, size: expected.length, createdBy: owner });
    expect(asset.sha256).to.equal(createHash('sha256').update(expected).digest('hex'));
    const res = await download(server, `/api/v1/assets/${asset.id}/content`, ADMIN);
    expect(res.status).to.equal(200);
    expect(Buffer.compare(res.body as Buffer, expected)).to.equal(0);
  });

  it('leaves no row and no bytes when the file fails part way', async () => {
    const owner = newId();
    const before = storedFiles(server).length;
    let failure: unknown;
    await keep(made(16, 5), owner).catch((error: unknown) => (failure = error));
    expect((failure as Error).message).to.equal('the export failed part way');
    expect(await rowsOf(owner)).to.deep.equal([]);
    expect(storedFiles(server)).to.have.length(before);
  });

  it('leaves no row and no bytes when the task is cancelled part way, and stops reading the file', async () => {
    const owner = newId();
    const before = storedFiles(server).length;
    const controller = new AbortController();
    const body = made(1000);
    let read = 0;
    body.on('data', () => {
      if (++read === 3) controller.abort(new Error('cancelled'));
    });
    let failure: unknown;
    await keep(body, owner, controller.signal).catch((error: unknown) => (failure = error));
    expect((failure as Error).message).to.equal('cancelled');
    expect(body.destroyed).to.equal(true);
    expect(read).to.be.below(1000);
    expect(await rowsOf(owner)).to.deep.equal([]);
    expect(storedFiles(server)).to.have.length(before);
  });
});
