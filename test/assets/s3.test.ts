import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expect } from 'chai';
import S3rver from 's3rver';
import type { ModuleContext } from '../../kernel/api';
import { assetsRuntime } from '../../modules/assets/assets-runtime';
import { removeOrphans } from '../../modules/assets/cleanup';
import { newStorageKey } from '../../modules/assets/storage/storage-key';
import { DEFAULT_TENANT_ID } from '../../kernel/db/tenancy/tenancy-names';
import { expectError, expectSuccess } from '../http/helpers';
import { setParam } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { download, sha256, storedFiles, upload } from './helpers';
import { ELF, PNG } from './samples';

const BUCKET = 'atrium-assets';
const MiB = 1024 * 1024;

/**
 * The s3 provider end to end: the real server with ASSET_STORAGE=s3 against s3rver, a fake S3
 * listening on an ephemeral port in this process (the one thing that cannot run here for real).
 */
describe('assets on S3 (s3rver)', () => {
  let s3rver: S3rver;
  let s3dir: string;
  let client: S3Client;
  let server: TestServer;
  let ctx: ModuleContext;

  before(async () => {
    s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-s3rver-'));
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET }] });
    const { port } = await s3rver.run();
    const endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    server = await startTestServer({
      env: {
        NODE_ENV: 'test',
        ASSET_STORAGE: 's3',
        ASSET_S3_BUCKET: BUCKET,
        ASSET_S3_ENDPOINT: endpoint,
        ASSET_S3_REGION: 'us-east-1',
        ASSET_S3_ACCESS_KEY_ID: 'S3RVER',
        ASSET_S3_SECRET_ACCESS_KEY: 'S3RVER',
        ASSET_S3_FORCE_PATH_STYLE: 'true',
      },
    });
    ctx = server.kernel.registry.get('assets')!.ctx;
  });
  after(async () => {
    await server?.stop();
    client?.destroy();
    await s3rver?.close();
    fs.rmSync(s3dir, { recursive: true, force: true });
  });

  /** Every key in the bucket. */
  async function bucketKeys(): Promise<string[]> {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  }

  it('stores an upload as one object under assets/, and nothing on the local disk', async () => {
    const before = await bucketKeys();
    const data = expectSuccess(await upload(server, 'pixel.png', PNG), 201).data as { id: string; size: number; sha256: string };
    expect(data).to.include({ size: PNG.length, sha256: sha256(PNG) });
    const added = (await bucketKeys()).filter((key) => !before.includes(key));
    expect(added).to.have.length(1);
    expect(added[0]).to.match(/^assets\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    expect(storedFiles(server)).to.deep.equal([]);
    const res = await download(server, `/api/v1/assets/${data.id}/content`, ADMIN);
    expect(res.status).to.equal(200);
    expect((res.body as Buffer).equals(PNG)).to.equal(true);
    expect(res.headers['content-type']).to.equal('image/png');
  });

  it('streams a file larger than one part (a multipart upload) and serves it back whole', async function () {
    this.timeout(60_000);
    const content = Buffer.alloc(7 * MiB + 123, 'streamed in parts\n');
    const data = expectSuccess(await upload(server, 'large.txt', content), 201).data as { id: string; size: number; sha256: string };
    expect(data).to.include({ size: content.length, sha256: sha256(content) });
    const res = await download(server, `/api/v1/assets/${data.id}/content`, ADMIN);
    expect(res.headers['content-length']).to.equal(String(content.length));
    expect(sha256(res.body as Buffer)).to.equal(sha256(content));
  });

  it('serves a signed URL from S3 without a bearer token', async () => {
    const { id } = expectSuccess(await upload(server, 'signed.png', PNG), 201).data as { id: string };
    const { url } = expectSuccess(await server.http().post(`/api/v1/assets/${id}/signed-url`).set('Authorization', ADMIN).send({})).data as { url: string };
    const res = await download(server, url);
    expect(res.status).to.equal(200);
    expect((res.body as Buffer).equals(PNG)).to.equal(true);
  });

  it('leaves nothing in the bucket after a 415', async () => {
    const before = await bucketKeys();
    expectError(await upload(server, 'cat.png', ELF), 415, 'ASSET_UNSUPPORTED_TYPE_415');
    expect(await bucketKeys()).to.deep.equal(before);
  });

  it('leaves nothing in the bucket after a 413 that passed the limit in its second part', async function () {
    this.timeout(60_000);
    await setParam(server, 'assets.upload.maxBytes', String(6 * MiB));
    try {
      const before = await bucketKeys();
      expectSuccess(await upload(server, 'exact.txt', Buffer.alloc(6 * MiB, 'a')), 201);
      const afterExact = await bucketKeys();
      expect(afterExact).to.have.length(before.length + 1);
      expectError(await upload(server, 'over.txt', Buffer.alloc(6 * MiB + 1, 'a')), 413, 'ASSET_TOO_LARGE_413');
      expect(await bucketKeys()).to.deep.equal(afterExact);
    } finally {
      await setParam(server, 'assets.upload.maxBytes', String(10 * MiB));
    }
  });

  it('deletes the object with the asset', async () => {
    const { id } = expectSuccess(await upload(server, 'doomed.png', PNG), 201).data as { id: string };
    const before = await bucketKeys();
    expectSuccess(await server.http().delete(`/api/v1/assets/${id}`).set('Authorization', ADMIN));
    const after = await bucketKeys();
    expect(after).to.have.length(before.length - 1);
  });

  it('removes orphaned objects under its prefix, and nothing else in the bucket', async () => {
    const orphan = `assets/${newStorageKey(DEFAULT_TENANT_ID)}`;
    const foreign = `reports/${newStorageKey(DEFAULT_TENANT_ID)}`;
    for (const key of [orphan, foreign]) await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'left behind' }));
    const { id } = expectSuccess(await upload(server, 'kept.png', PNG), 201).data as { id: string };
    // Objects cannot be back-dated on S3: the cleanup is run as if two hours had passed.
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const result = await removeOrphans(assetsRuntime(ctx).store, ctx.db, ctx.log, { olderThanMinutes: 60, now: later });
    const keys = await bucketKeys();
    expect(keys).not.to.include(orphan);
    expect(keys).to.include(foreign);
    expect(result).to.include({ deleted: 1, failed: 0 });
    expect((await download(server, `/api/v1/assets/${id}/content`, ADMIN)).status).to.equal(200);
    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: foreign }));
  });
});
