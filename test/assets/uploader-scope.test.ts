import { expect } from 'chai';
import { expectError, expectSuccess } from '../http/helpers';
import { createUserAndLogin } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { ASSET_PERMISSIONS, download, upload } from './helpers';
import { TEXT } from './samples';

interface AssetView {
  id: string;
  createdBy: string;
}

/**
 * An asset records its uploader, not a department: whatever a role's data scope, the uploader
 * sees and acts on their own uploads (as permissions allow), and no one else's unless the scope
 * is `all`. Real roles, real users, real logins.
 */
describe('assets: the uploader sees their own upload, whatever their data scope', () => {
  let server: TestServer;
  let deptId: string;
  let othersAsset: string;
  before(async () => {
    server = await startTestServer();
    deptId = (expectSuccess(await server.http().post('/api/v1/departments').set('Authorization', ADMIN).send({ name: 'Uploads' }), 201).data as { id: string })
      .id;
    othersAsset = (expectSuccess(await upload(server, 'admin.txt', TEXT), 201).data as AssetView).id;
  });
  after(() => server?.stop());

  const scopes = [
    { dataScope: 'dept' as const },
    { dataScope: 'dept_and_children' as const },
    { dataScope: 'custom' as const, deptIds: () => [deptId] },
    { dataScope: 'self' as const },
  ];

  for (const scope of scopes) {
    it(`data scope ${scope.dataScope}: lists, reads, downloads, signs and deletes their own upload, and still not another's`, async () => {
      const user = await createUserAndLogin(server, { permissions: ASSET_PERMISSIONS, dataScope: scope.dataScope, deptIds: scope.deptIds?.(), deptId });
      const token = user.tokens.bearer;
      const own = expectSuccess(await upload(server, 'mine.txt', TEXT, token), 201).data as AssetView;
      expect(own.createdBy).to.equal(user.id);

      const listed = expectSuccess(await server.http().get('/api/v1/assets').set('Authorization', token)).data as { items: AssetView[]; total: number };
      expect(listed.items.map((a) => a.id)).to.deep.equal([own.id]);
      expect(listed.total).to.equal(1);
      expect(expectSuccess(await server.http().get(`/api/v1/assets/${own.id}`).set('Authorization', token)).data).to.deep.equal(own);
      const content = await download(server, `/api/v1/assets/${own.id}/content`, token);
      expect(content.status).to.equal(200);
      expect(Buffer.from(content.body as Buffer).equals(TEXT)).to.equal(true);
      const { url } = expectSuccess(await server.http().post(`/api/v1/assets/${own.id}/signed-url`).set('Authorization', token).send({})).data as {
        url: string;
      };
      expect((await download(server, url)).status).to.equal(200);

      expectError(await server.http().get(`/api/v1/assets/${othersAsset}`).set('Authorization', token), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await server.http().delete(`/api/v1/assets/${othersAsset}`).set('Authorization', token), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');

      expectSuccess(await server.http().delete(`/api/v1/assets/${own.id}`).set('Authorization', token));
      expectError(await server.http().get(`/api/v1/assets/${own.id}`).set('Authorization', ADMIN), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  }

  it('deletes only as permissions allow: without asset:asset:remove the uploader gets 403', async () => {
    const user = await createUserAndLogin(server, { permissions: ASSET_PERMISSIONS.filter((p) => p !== 'asset:asset:remove'), dataScope: 'dept', deptId });
    const own = expectSuccess(await upload(server, 'kept.txt', TEXT, user.tokens.bearer), 201).data as AssetView;
    expectError(await server.http().delete(`/api/v1/assets/${own.id}`).set('Authorization', user.tokens.bearer), 403, 'PERM_DENIED_403');
    expectSuccess(await server.http().get(`/api/v1/assets/${own.id}`).set('Authorization', user.tokens.bearer));
  });
});
