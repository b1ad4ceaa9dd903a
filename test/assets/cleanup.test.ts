import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import type { ModuleContext } from '../../kernel/api';
import { assetsRuntime } from '../../modules/assets/assets-runtime';
import { removeOrphans } from '../../modules/assets/cleanup';
import { assetTaskHandlers } from '../../modules/assets/cleanup.task';
import { newStorageKey, partsOf } from '../../modules/assets/storage/storage-key';
import { DEFAULT_TENANT_ID } from '../../kernel/db/tenancy/tenancy-names';
import { expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { download, objectsDir, storedFiles, upload } from './helpers';
import { newBoundary, partHead } from './multipart';
import { TEXT } from './samples';

const HOUR_MS = 60 * 60 * 1000;

/** The orphan cleanup (`assets.cleanup`), called directly against the module's real store and database. */
describe('removing orphaned asset bytes', () => {
  let server: TestServer;
  let ctx: ModuleContext;
  before(async () => {
    server = await startTestServer();
    ctx = server.kernel.registry.get('assets')!.ctx;
  });
  after(() => server?.stop());

  const store = () => assetsRuntime(ctx).store;
  const fileOf = (key: string) => {
    const { folder, id } = partsOf(key);
    return path.join(objectsDir(server), ...(folder ? [folder] : []), id.slice(-2), id);
  };
  const exists = (key: string) => fs.existsSync(fileOf(key));
  const storageKeyOf = async (id: string) =>
    ((await server.sql('select storage_key from assets_asset where id = ?', [id])) as { storage_key: string }[])[0].storage_key;

  /** Bytes in the store that no asset row holds, written `ageMs` ago (under `key`, by default a new one in the default tenant's folder). */
  async function orphan(ageMs: number, key = newStorageKey(DEFAULT_TENANT_ID)): Promise<string> {
    await store().write(key, Readable.from([Buffer.from('left behind')]));
    const then = new Date(Date.now() - ageMs);
    fs.utimesSync(fileOf(key), then, then);
    return key;
  }

  /** An asset uploaded through the API, its bytes made as old as `ageMs`. */
  async function asset(ageMs: number): Promise<{ id: string; key: string }> {
    const { id } = expectSuccess(await upload(server, 'kept.txt', TEXT), 201).data as { id: string };
    const key = await storageKeyOf(id);
    const then = new Date(Date.now() - ageMs);
    fs.utimesSync(fileOf(key), then, then);
    return { id, key };
  }

  it('removes orphans older than the grace period, and leaves fresh orphans and referenced bytes', async () => {
    const old = await orphan(2 * HOUR_MS);
    const fresh = await orphan(0);
    const kept = await asset(2 * HOUR_MS);
    const started = Date.now();
    const result = await removeOrphans(store(), ctx.db, ctx.log, { olderThanMinutes: 60 });
    const ended = Date.now();
    expect(exists(old)).to.equal(false);
    expect(exists(fresh)).to.equal(true);
    expect(exists(kept.key)).to.equal(true);
    expect((await download(server, `/api/v1/assets/${kept.id}/content`, ADMIN)).status).to.equal(200);
    expect(result).to.include({ deleted: 1, failed: 0 });
    expect(result.scanned).to.equal(storedFiles(server).length + 1);
    expect(result.recent).to.be.at.least(1);
    expect(result.referenced).to.be.at.least(1);
    expect(Date.parse(result.before)).to.be.within(started - HOUR_MS, ended - HOUR_MS);
  });

  it('removes the jobs of large exports a week old, and keeps younger ones', async () => {
    const job = JSON.stringify({
      path: '/posts/export',
      params: {},
      query: { format: 'csv' },
      language: 'en',
      caller: { userId: 'u', username: 'u', permissions: [] },
      rows: 1,
    });
    const [stale, young] = [randomUUID(), randomUUID()];
    for (const [id, days] of [
      [stale, 8],
      [young, 6],
    ] as const) {
      await server.sql(`insert into assets_export (id, tenant_id, created_by, job, created_at) values (?, ?, 'u', ?::jsonb, now() - interval '${days} days')`, [
        id,
        DEFAULT_TENANT_ID,
        job,
      ]);
    }
    const result = await removeOrphans(store(), ctx.db, ctx.log, { olderThanMinutes: 60 });
    expect(result.staleExportJobs).to.equal(1);
    expect((await server.sql<{ id: string }>('select id from assets_export')).map((row) => row.id)).to.deep.equal([young]);
  });

  it('finds orphans with a bare key too, where they were stored before tenants had folders, and keeps a bare key an asset holds', async () => {
    const bare = await orphan(2 * HOUR_MS, randomUUID());
    const held = await asset(2 * HOUR_MS);
    const heldBare = randomUUID();
    fs.mkdirSync(path.dirname(fileOf(heldBare)), { recursive: true });
    fs.renameSync(fileOf(held.key), fileOf(heldBare));
    await server.sql('update assets_asset set storage_key = ? where id = ?', [heldBare, held.id]);
    expect(fileOf(bare)).to.equal(path.join(objectsDir(server), bare.slice(-2), bare));
    await removeOrphans(store(), ctx.db, ctx.log, { olderThanMinutes: 60 });
    expect(exists(bare)).to.equal(false);
    expect(exists(heldBare)).to.equal(true);
    expect((await download(server, `/api/v1/assets/${held.id}/content`, ADMIN)).body.toString()).to.equal(TEXT.toString());
  });

  it('counts the grace period from the time it is given, in minutes', async () => {
    const recent = await orphan(10 * 60 * 1000);
    await removeOrphans(store(), ctx.db, ctx.log, { olderThanMinutes: 15 });
    expect(exists(recent)).to.equal(true);
    await removeOrphans(store(), ctx.db, ctx.log, { olderThanMinutes: 5 });
    expect(exists(recent)).to.equal(false);
  });

  it('never touches an upload in flight, which then completes', async () => {
    const boundary = newBoundary();
    const req = http.request(new URL('/api/v1/assets', server.url), {
      method: 'POST',
      headers: { Authorization: ADMIN, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked' },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
    });
    const before = new Set(storedFiles(server));
    req.write(partHead(boundary, { name: 'file', filename: 'slow.txt' }));
    req.write(Buffer.alloc(64 * 1024, 'a'));
    const deadline = Date.now() + 5000;
    while (storedFiles(server).every((f) => before.has(f)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const inFlight = storedFiles(server).find((f) => !before.has(f))!;
    expect(inFlight, 'the upload’s object, being written').to.be.a('string');
    const result = await removeOrphans(store(), ctx.db, ctx.log, { olderThanMinutes: 60 });
    expect(result.deleted).to.equal(0);
    req.end(Buffer.from(`\r\n--${boundary}--\r\n`));
    const { status } = await answered;
    expect(status).to.equal(201);
    expect(storedFiles(server)).to.include(inFlight);
  });

  it('stops when its signal is aborted', async () => {
    await orphan(2 * HOUR_MS);
    const aborted = AbortSignal.abort(new Error('cancelled'));
    const error = await removeOrphans(store(), ctx.db, ctx.log, { olderThanMinutes: 60, signal: aborted }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).to.equal('cancelled');
  });

  describe('as the assets.cleanup task handler', () => {
    const cleanup = () => assetTaskHandlers(ctx).handlers[0];
    const run = (payload: object) => {
      const signal = new AbortController().signal;
      return cleanup().run(payload, { taskId: 't', createdBy: 'u', attempt: 1, signal, log: ctx.log, progress: () => undefined });
    };

    it('is the type assets.cleanup, whose payload says the grace period in minutes', () => {
      const definition = cleanup();
      expect(definition.type).to.equal('assets.cleanup');
      expect(definition.title).to.be.a('string').that.is.not.empty;
      expect(definition.payload).to.deep.include({ type: 'object' });
      expect((definition.payload as unknown as { properties: Record<string, { default: number; minimum: number }> }).properties.olderThanMinutes).to.include({
        default: 60,
        minimum: 1,
      });
    });

    it('removes old orphans with the default grace period of 60 minutes, and answers the counts', async () => {
      const old = await orphan(61 * 60 * 1000);
      const young = await orphan(59 * 60 * 1000);
      const result = (await run({})) as { deleted: number; recent: number };
      expect(exists(old)).to.equal(false);
      expect(exists(young)).to.equal(true);
      expect(result.deleted).to.be.at.least(1);
      expect(JSON.parse(JSON.stringify(result))).to.deep.equal(result);
    });

    it('takes the grace period from its payload', async () => {
      const young = await orphan(59 * 60 * 1000);
      await run({ olderThanMinutes: 30 });
      expect(exists(young)).to.equal(false);
    });
  });
});
