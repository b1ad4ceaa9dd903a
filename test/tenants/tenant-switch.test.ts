import { expect } from 'chai';
import { eventually, expectError, expectSuccess } from '../http/helpers';
import { adminLogin, type Tokens } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { createTenant } from './helpers';

const PASSWORD = 'tenant-switch-passphrase-1';

interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** A platform administrator acts inside a tenant through an explicit, audited switch; nobody else crosses. */
describe('tenants: the platform administrator switching into a tenant', () => {
  let server: TestServer;
  let platform: Tokens;
  let acme: { id: string; chief: Tokens };
  before(async () => {
    server = await startTestServer();
    platform = await adminLogin(server);
    acme = await createTenant(server, platform.bearer, 'acme', PASSWORD);
    await createTenant(server, platform.bearer, 'globex', PASSWORD);
  });
  after(() => server?.stop());

  function call(method: 'get' | 'post' | 'put', path: string, bearer: string) {
    return server.http()[method](`/api/v1${path}`).set('Authorization', bearer);
  }
  const switchTo = (tenant: string, bearer = platform.bearer) => call('post', '/auth/switch-tenant', bearer).send({ tenant });

  it("acts in the tenant with the administrator's own permissions, audited in both tenants", async () => {
    const pair = expectSuccess(await switchTo('ACME')).data as TokenPair;
    const inside = `Bearer ${pair.accessToken}`;
    const me = expectSuccess(await call('get', '/me', inside)).data as { user: { username: string }; tenant: { id: string }; permissions: string[] };
    expect(me.tenant.id).to.equal(acme.id);
    expect(me.user.username).to.equal('admin');
    expect(me.permissions).to.include('*:*:*');
    const users = expectSuccess(await call('get', '/users', inside)).data as { items: { username: string }[] };
    expect(users.items.map((u) => u.username)).to.deep.equal(['chief']);
    const post = expectSuccess(await call('post', '/posts', inside).send({ code: 'support-made', name: 'Made by support' }), 201).data as { id: string };
    expectSuccess(await call('get', `/posts/${post.id}`, acme.chief.bearer));
    // The administrator's own session is untouched, in its own tenant.
    const own = expectSuccess(await call('get', '/me', platform.bearer)).data as { tenant: { code: string } };
    expect(own.tenant.code).to.equal('default');

    const switchLogins = await eventually(async () => {
      const items = (
        expectSuccess(await call('get', '/audit/logins?pageSize=100', acme.chief.bearer)).data as { items: { reason: string; username: string }[] }
      ).items;
      return items.find((item) => item.reason === 'switched');
    }, 5000);
    expect(switchLogins).to.include({ username: 'admin', reason: 'switched' });
    const tenantOps = await eventually(async () => {
      const items = (expectSuccess(await call('get', '/audit/operations?moduleId=posts', acme.chief.bearer)).data as { items: { username: string }[] }).items;
      return items.find((item) => item.username === 'admin');
    }, 5000);
    expect(tenantOps).to.include({ username: 'admin' });
    const platformOps = await eventually(async () => {
      const items = (
        expectSuccess(await call('get', '/audit/operations?pageSize=200', platform.bearer)).data as { items: { path: string; tenantId: string }[] }
      ).items;
      return items.find((item) => item.path === '/api/v1/auth/switch-tenant');
    }, 5000);
    expect(platformOps).to.not.equal(undefined);

    // The switched session keeps acting in the tenant after a refresh.
    const refreshed = expectSuccess(await server.http().post('/api/v1/auth/refresh').send({ refreshToken: pair.refreshToken })).data as TokenPair;
    expect((expectSuccess(await call('get', '/me', `Bearer ${refreshed.accessToken}`)).data as { tenant: { id: string } }).tenant.id).to.equal(acme.id);
  });

  it("keeps the administrator's own account readable from inside the tenant, whatever was cached before", async () => {
    const inside = `Bearer ${(expectSuccess(await switchTo('acme')).data as TokenPair).accessToken}`;
    const own = expectSuccess(await call('get', '/me', platform.bearer)).data as { user: { id: string; username: string } };
    expectSuccess(await call('get', '/me', inside));
    // The switched session's caller is cached, its account no longer (a minute later, or changed
    // meanwhile): the next request inside acme is the first to read the account again, from there.
    await server.kernel.registry.get('users')!.ctx.cache.invalidatePrefix(`identity:${own.user.id}:`);
    expect((expectSuccess(await call('get', '/me', inside)).data as { user: { username: string } }).user.username).to.equal(own.user.username);
    // And what it read there does not stand for the account in the default tenant.
    expect((expectSuccess(await call('get', '/me', platform.bearer)).data as { user: { id: string } }).user.id).to.equal(own.user.id);
  });

  it("lets nobody else cross: a tenant's administrator, a switched session, and nobody into an unknown tenant", async () => {
    expectError(await switchTo('globex', acme.chief.bearer), 403, 'PERM_DENIED_403');
    const pair = expectSuccess(await switchTo('acme')).data as TokenPair;
    expectError(await switchTo('globex', `Bearer ${pair.accessToken}`), 403, 'PERM_DENIED_403');
    expectError(await switchTo('no-such-tenant'), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
  });

  it('ends a switched session once its tenant is disabled, and switches into no disabled tenant', async () => {
    const pair = expectSuccess(await switchTo('globex')).data as TokenPair;
    const inside = `Bearer ${pair.accessToken}`;
    expectSuccess(await call('get', '/me', inside));
    const page = expectSuccess(await call('get', '/tenants?keyword=globex', platform.bearer)).data as { items: { id: string; version: number }[] };
    const [globex] = page.items;
    expectSuccess(await call('put', `/tenants/${globex.id}`, platform.bearer).send({ status: 'disabled', version: globex.version }));
    expectError(await call('get', '/me', inside), 401, 'AUTH_TOKEN_REVOKED_401');
    expectError(await server.http().post('/api/v1/auth/refresh').send({ refreshToken: pair.refreshToken }), 401, 'AUTH_TOKEN_REVOKED_401');
    expectError(await switchTo('globex'), 401, 'AUTH_TENANT_DISABLED_401');
    expectSuccess(await call('get', '/me', platform.bearer));
  });
});
