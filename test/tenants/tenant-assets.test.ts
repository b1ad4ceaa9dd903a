import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { ModuleContext } from '../../kernel/api';
import { assetsRuntime } from '../../modules/assets/assets-runtime';
import { removeOrphans } from '../../modules/assets/cleanup';
import { download, objectsDir, upload } from '../assets/helpers';
import { expectError, expectSuccess } from '../http/helpers';
import { adminLogin, type Tokens } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { createTenant } from './helpers';

const PASSWORD = 'tenant-assets-passphrase-1';

/** Assets belong to the tenant that uploaded them; a signed URL names its tenant and opens nothing of another's. */
describe('tenants: assets', () => {
  let server: TestServer;
  let platform: Tokens;
  let acme: Tokens;
  let globex: Tokens;
  let asset: { id: string };
  before(async () => {
    server = await startTestServer();
    platform = await adminLogin(server);
    acme = (await createTenant(server, platform.bearer, 'acme', PASSWORD)).chief;
    globex = (await createTenant(server, platform.bearer, 'globex', PASSWORD)).chief;
    asset = expectSuccess(await upload(server, 'plan.txt', 'acme only', acme.bearer), 201).data as { id: string };
  });
  after(() => server?.stop());

  const call = (method: 'get' | 'post' | 'delete', path: string, token: string) => server.http()[method](`/api/v1${path}`).set('Authorization', token);
  const signed = async (token: string): Promise<string> =>
    (expectSuccess(await call('post', `/assets/${asset.id}/signed-url`, token).send({})).data as { url: string }).url;

  it("is another tenant's 404: listed, read, downloaded, signed or deleted, and the platform's too", async () => {
    for (const token of [globex.bearer, platform.bearer]) {
      const page = expectSuccess(await call('get', '/assets', token)).data as { items: { id: string }[] };
      expect(page.items.map((a) => a.id)).to.not.include(asset.id);
      expectError(await call('get', `/assets/${asset.id}`, token), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await call('get', `/assets/${asset.id}/content`, token), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await call('post', `/assets/${asset.id}/signed-url`, token).send({}), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await call('delete', `/assets/${asset.id}`, token), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    }
    const own = await download(server, `/api/v1/assets/${asset.id}/content`, acme.bearer);
    expect(own.status).to.equal(200);
    expect(own.body.toString()).to.equal('acme only');
  });

  it('opens by a signed URL in the tenant it names, and refuses the URL moved to another tenant', async () => {
    const url = await signed(acme.bearer);
    const tenant = new URL(url, 'http://x').searchParams.get('tenant')!;
    expect(tenant).to.equal(((await call('get', '/me', acme.bearer)).body.data as { tenant: { id: string } }).tenant.id);
    const res = await download(server, url);
    expect(res.status).to.equal(200);
    expect(res.body.toString()).to.equal('acme only');
    const globexId = ((await call('get', '/me', globex.bearer)).body.data as { tenant: { id: string } }).tenant.id;
    const moved = new URL(url, 'http://x');
    moved.searchParams.set('tenant', globexId);
    expectError(await download(server, `${moved.pathname}${moved.search}`), 403, 'SIGNED_URL_INVALID_403');
  });

  it("stores the bytes under the tenant's own folder", async () => {
    const acmeId = ((await call('get', '/me', acme.bearer)).body.data as { tenant: { id: string } }).tenant.id;
    const [{ storage_key: key }] = await server.sql<{ storage_key: string }>('select storage_key from assets_asset where id = ?', [asset.id]);
    const id = key.slice(key.indexOf('/') + 1);
    expect(key).to.equal(`${acmeId}/${id}`);
    expect(fs.readFileSync(path.join(objectsDir(server), acmeId, id.slice(-2), id), 'utf8')).to.equal('acme only');
  });

  it("keeps every tenant's bytes when the cleanup runs, which reads every tenant's assets", async () => {
    const ctx: ModuleContext = server.kernel.registry.get('assets')!.ctx;
    const [{ storage_key: key }] = await server.sql<{ storage_key: string }>('select storage_key from assets_asset where id = ?', [asset.id]);
    const [folder, id] = key.split('/');
    const file = path.join(objectsDir(server), folder, id.slice(-2), id);
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(file, old, old);
    const result = await removeOrphans(assetsRuntime(ctx).store, ctx.db, ctx.log, { olderThanMinutes: 60 });
    expect(result.deleted).to.equal(0);
    expect(fs.existsSync(file)).to.equal(true);
  });
});
