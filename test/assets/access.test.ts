import { expect } from 'chai';
import { expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';
import { ASSET_PERMISSIONS, download, storedFiles, upload } from './helpers';
import { TEXT } from './samples';

const NO_ASSET = '01890000-0000-7000-8000-000000000000';

/** Who may do what: a login for every route but the signed download, a permission each, and data scope. */
describe('access to assets', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  const routes = [
    { method: 'get', path: '/api/v1/assets', permission: 'asset:asset:list' },
    { method: 'post', path: '/api/v1/assets', permission: 'asset:asset:upload' },
    { method: 'get', path: `/api/v1/assets/${NO_ASSET}`, permission: 'asset:asset:query' },
    { method: 'delete', path: `/api/v1/assets/${NO_ASSET}`, permission: 'asset:asset:remove' },
    { method: 'get', path: `/api/v1/assets/${NO_ASSET}/content`, permission: 'asset:asset:download' },
    { method: 'post', path: `/api/v1/assets/${NO_ASSET}/signed-url`, permission: 'asset:asset:download' },
  ] as const;

  for (const route of routes) {
    it(`${route.method.toUpperCase()} ${route.path}: 401 AUTH_TOKEN_MISSING_401 without a token`, async () => {
      expectError(await server.http()[route.method](route.path), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it(`${route.method.toUpperCase()} ${route.path}: 403 PERM_DENIED_403 without ${route.permission}`, async () => {
      const others = tokenFor(
        'others',
        ASSET_PERMISSIONS.filter((p) => p !== route.permission),
      );
      expectError(await server.http()[route.method](route.path).set('Authorization', others), 403, 'PERM_DENIED_403');
    });
  }

  it('refuses an upload without asset:asset:upload before reading it, and stores nothing', async () => {
    const before = storedFiles(server);
    expectError(await upload(server, 'notes.txt', TEXT, tokenFor('reader', ['asset:asset:list'])), 403, 'PERM_DENIED_403');
    expect(storedFiles(server)).to.deep.equal(before);
  });

  describe('data scope: a user whose scope is self sees their own assets only', () => {
    const self = (name: string) =>
      tokenFor(name, ASSET_PERMISSIONS, { userId: `user-${name}`, rowScope: { all: false, deptIds: [], ownerId: `user-${name}` } });
    const alice = self('alice');
    const bob = self('bob');
    let alicesAsset: string;
    let bobsAsset: string;

    before(async () => {
      alicesAsset = (expectSuccess(await upload(server, 'alice.txt', TEXT, alice), 201).data as { id: string; createdBy: string }).id;
      bobsAsset = (expectSuccess(await upload(server, 'bob.txt', TEXT, bob), 201).data as { id: string }).id;
    });

    it('records the uploader as createdBy', async () => {
      expect(expectSuccess(await server.http().get(`/api/v1/assets/${alicesAsset}`).set('Authorization', alice)).data).to.include({ createdBy: 'user-alice' });
    });

    it('lists only the caller’s own assets', async () => {
      const data = expectSuccess(await server.http().get('/api/v1/assets').set('Authorization', bob)).data as { items: { id: string }[]; total: number };
      expect(data.items.map((a) => a.id)).to.deep.equal([bobsAsset]);
      expect(data.total).to.equal(1);
    });

    it('answers 404 for another user’s asset: reading, downloading, signing and deleting', async () => {
      expectError(await server.http().get(`/api/v1/assets/${alicesAsset}`).set('Authorization', bob), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await download(server, `/api/v1/assets/${alicesAsset}/content`, bob), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(
        await server.http().post(`/api/v1/assets/${alicesAsset}/signed-url`).set('Authorization', bob).send({}),
        404,
        'SYSTEM_RESOURCE_NOT_FOUND_404',
      );
      expectError(await server.http().delete(`/api/v1/assets/${alicesAsset}`).set('Authorization', bob), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      // Still there, for her.
      expect((await download(server, `/api/v1/assets/${alicesAsset}/content`, alice)).status).to.equal(200);
    });

    it('lets a caller whose scope is all see and act on everyone’s', async () => {
      const data = expectSuccess(await server.http().get('/api/v1/assets').query({ pageSize: 200 }).set('Authorization', ADMIN)).data as {
        items: { id: string }[];
      };
      expect(data.items.map((a) => a.id)).to.include.members([alicesAsset, bobsAsset]);
      expect((await download(server, `/api/v1/assets/${bobsAsset}/content`, ADMIN)).status).to.equal(200);
    });

    it('lets whoever holds a signed URL download it, whatever their scope: the signature names the asset', async () => {
      const { url } = expectSuccess(await server.http().post(`/api/v1/assets/${alicesAsset}/signed-url`).set('Authorization', alice).send({})).data as {
        url: string;
      };
      expect((await download(server, url, bob)).status).to.equal(200);
      expect((await download(server, url)).status).to.equal(200);
    });
  });
});
