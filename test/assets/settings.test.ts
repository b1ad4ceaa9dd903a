import { expect } from 'chai';
import { expectError, expectSuccess } from '../http/helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { download, upload } from './helpers';
import { TEXT } from './samples';

async function bootRefusal(env: NodeJS.ProcessEnv): Promise<Error> {
  try {
    const server = await startTestServer({ env: { NODE_ENV: 'test', ...env } });
    await server.stop();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the server started');
}

/** A signed URL for a new asset on `server`. */
async function signedUrl(server: TestServer): Promise<{ id: string; url: string }> {
  const { id } = expectSuccess(await upload(server, 'shared.txt', TEXT), 201).data as { id: string };
  const { url } = expectSuccess(await server.http().post(`/api/v1/assets/${id}/signed-url`).set('Authorization', ADMIN).send({})).data as { url: string };
  return { id, url };
}

describe('assets: settings a server refuses to start with', () => {
  it('refuses an ASSET_STORAGE no provider offers, naming the ones there are', async () => {
    expect((await bootRefusal({ ASSET_STORAGE: 'nfs' })).message).to.match(
      /ASSET_STORAGE is "nfs", which no storage provider offers: set it to one of local, s3/,
    );
  });

  it('refuses ASSET_STORAGE=s3 without ASSET_S3_BUCKET', async () => {
    expect((await bootRefusal({ ASSET_STORAGE: 's3' })).message).to.match(/ASSET_S3_BUCKET is not set/);
  });

  it('refuses half a pair of S3 credentials, and a path style other than true or false', async () => {
    expect((await bootRefusal({ ASSET_STORAGE: 's3', ASSET_S3_BUCKET: 'b', ASSET_S3_ACCESS_KEY_ID: 'key' })).message).to.match(/ASSET_S3_SECRET_ACCESS_KEY/);
    expect((await bootRefusal({ ASSET_STORAGE: 's3', ASSET_S3_BUCKET: 'b', ASSET_S3_FORCE_PATH_STYLE: 'yes' })).message).to.match(
      /ASSET_S3_FORCE_PATH_STYLE is "yes"/,
    );
  });

  it('refuses an ASSET_MAX_BYTES that is not a positive whole number', async () => {
    for (const value of ['ten', '0', '1.5']) {
      expect((await bootRefusal({ ASSET_MAX_BYTES: value })).message).to.include(`ASSET_MAX_BYTES is "${value}"`);
    }
  });

  it('refuses an ASSET_URL_SECRET shorter than 32 bytes', async () => {
    expect((await bootRefusal({ ASSET_URL_SECRET: 'x'.repeat(31) })).message).to.match(/ASSET_URL_SECRET is shorter than 32 bytes/);
  });
});

describe('assets: the signed URL secret', () => {
  let database: TestDatabase | undefined;
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
    await database?.cleanup();
    database = undefined;
  });

  it('is generated once and kept in the database: a URL signed before a restart works after it', async () => {
    database = await createTestDatabase();
    const first = await startTestServer({ database });
    servers.push(first);
    const { url } = await signedUrl(first);
    await servers.pop()!.stop();
    const second = await startTestServer({ database });
    servers.push(second);
    expect((await download(second, url)).status).to.equal(200);
  });

  it('is ASSET_URL_SECRET when set: what one server signs another with the same secret accepts, and one with another refuses', async () => {
    const secret = 'a-shared-asset-url-secret-of-32-bytes-or-more';
    database = await createTestDatabase();
    const signer = await startTestServer({ database, env: { NODE_ENV: 'test', ASSET_URL_SECRET: secret } });
    servers.push(signer);
    const { url } = await signedUrl(signer);
    await servers.pop()!.stop();

    const same = await startTestServer({ database, env: { NODE_ENV: 'test', ASSET_URL_SECRET: secret } });
    servers.push(same);
    expect((await download(same, url)).status).to.equal(200);
    await servers.pop()!.stop();

    // Without the variable the server signs with the database's secret, which is another.
    const other = await startTestServer({ database });
    servers.push(other);
    expectError(await download(other, url), 403, 'SIGNED_URL_INVALID_403');
  });
});
