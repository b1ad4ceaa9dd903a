import { expect } from 'chai';
import { DEFAULT_TENANT_ID } from '../../kernel/api';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { adminLogin, login, type Tokens } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';

interface Tenant {
  id: string;
  code: string;
  version: number;
}

interface Me {
  user: { id: string; username: string };
  tenant: { id: string; code: string; name: string };
  permissions: string[];
}

/**
 * Tenants as their users meet them: created with an administrator, signed in to by code, each
 * seeing only itself; disabled or expired, refused at once.
 */
describe('tenants: signing in, each tenant on its own', () => {
  let server: TestServer;
  let platform: string;
  before(async () => {
    server = await startTestServer();
    platform = (await adminLogin(server)).bearer;
  });
  after(() => server?.stop());

  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, token: string) => server.http()[method](`/api/v1${path}`).set('Authorization', token);
  const attempt = (body: Record<string, unknown>) => server.http().post('/api/v1/auth/login').send(body);
  const addTenant = async (body: Record<string, unknown>): Promise<Tenant> =>
    expectSuccess(await call('post', '/tenants', platform).send(body), 201).data as Tenant;
  const me = async (tokens: Tokens): Promise<Me> => expectSuccess(await call('get', '/me', tokens.bearer)).data as Me;

  it("creates a tenant with its administrator, who signs in to it by its code and holds the package's permissions", async () => {
    const pack = expectSuccess(
      await call('post', '/tenants/packages', platform).send({
        name: 'Users only',
        permissions: ['system:user:list', 'system:user:query', 'me:profile:query'],
      }),
      201,
    ).data as { id: string };
    const tenant = await addTenant({ code: 'acme', name: 'Acme', packageId: pack.id, admin: { username: ' Boss ', password: 'acme-boss-passphrase-1' } });
    const tokens = await login(server, 'boss', 'acme-boss-passphrase-1', { tenant: 'ACME' });
    const caller = await me(tokens);
    expect(caller.tenant).to.deep.equal({ id: tenant.id, code: 'acme', name: 'Acme' });
    expect(caller.user.username).to.equal('boss');
    expect(caller.permissions.sort()).to.deep.equal(['me:profile:query', 'system:user:list', 'system:user:query']);
    const users = expectSuccess(await call('get', '/users', tokens.bearer)).data as { items: { username: string }[]; total: number };
    expect(
      users.items.map((u) => u.username),
      'its own users only',
    ).to.deep.equal(['boss']);
    expect(users.total).to.equal(1);
  });

  it('keeps the same username in two tenants as two people, each signing in with its own password', async () => {
    await addTenant({ code: 'globex', name: 'Globex', admin: { username: 'ops', password: 'globex-ops-passphrase-1' } });
    await addTenant({ code: 'initech', name: 'Initech', admin: { username: 'ops', password: 'initech-ops-passphrase-1' } });
    const globex = await me(await login(server, 'ops', 'globex-ops-passphrase-1', { tenant: 'globex' }));
    const initech = await me(await login(server, 'ops', 'initech-ops-passphrase-1', { tenant: 'initech' }));
    expect(globex.user.id).to.not.equal(initech.user.id);
    expect([globex.tenant.code, initech.tenant.code]).to.deep.equal(['globex', 'initech']);
    for (const wrong of [
      { username: 'ops', password: 'initech-ops-passphrase-1', tenant: 'globex' },
      { username: 'ops', password: 'globex-ops-passphrase-1' },
      { username: 'ops', password: 'globex-ops-passphrase-1', tenant: 'no-such-tenant' },
    ]) {
      expectError(await attempt(wrong), 401, 'AUTH_INVALID_CREDENTIALS_401');
    }
  });

  it("shows no tenant another's users, and the platform administrator none of a tenant's from the default tenant", async () => {
    await addTenant({ code: 'hooli', name: 'Hooli', admin: { username: 'gavin', password: 'hooli-gavin-passphrase-1' } });
    const gavin = await login(server, 'gavin', 'hooli-gavin-passphrase-1', { tenant: 'hooli' });
    const gavinId = (await me(gavin)).user.id;
    const seen = expectSuccess(await call('get', '/users', platform).query({ keyword: 'gavin' })).data as { items: unknown[]; total: number };
    expect(seen).to.deep.include({ items: [], total: 0 });
    expectError(await call('get', `/users/${gavinId}`, platform), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    const adminId = (await me(await adminLogin(server))).user.id;
    expectError(await call('get', `/users/${adminId}`, gavin.bearer), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    const roles = expectSuccess(await call('get', '/roles', gavin.bearer)).data as { items: { code: string; id: string }[] };
    expect(
      roles.items.map((r) => r.code),
      "the tenant's own administrator role only",
    ).to.deep.equal(['admin']);
  });

  it('refuses a disabled tenant and an expired one: 401 AUTH_TENANT_DISABLED_401 for a login, and its live tokens at once', async () => {
    const tenant = await addTenant({ code: 'umbrella', name: 'Umbrella', admin: { username: 'alice', password: 'umbrella-alice-passphrase-1' } });
    const before = await login(server, 'alice', 'umbrella-alice-passphrase-1', { tenant: 'umbrella' });
    expectSuccess(await call('get', '/me', before.bearer));
    const disabled = expectSuccess(await call('put', `/tenants/${tenant.id}`, platform).send({ status: 'disabled', version: tenant.version })).data as Tenant;
    expectError(await call('get', '/me', before.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
    expectError(await server.http().post('/api/v1/auth/refresh').send({ refreshToken: before.refreshToken }), 401, 'AUTH_TOKEN_REVOKED_401');
    expectError(await attempt({ username: 'alice', password: 'umbrella-alice-passphrase-1', tenant: 'umbrella' }), 401, 'AUTH_TENANT_DISABLED_401');
    // A wrong password says nothing of the tenant's state.
    expectError(await attempt({ username: 'alice', password: 'not-her-password-at-all', tenant: 'umbrella' }), 401, 'AUTH_INVALID_CREDENTIALS_401');

    const active = expectSuccess(await call('put', `/tenants/${tenant.id}`, platform).send({ status: 'active', version: disabled.version })).data as Tenant;
    const again = await login(server, 'alice', 'umbrella-alice-passphrase-1', { tenant: 'umbrella' });
    expectSuccess(await call('put', `/tenants/${tenant.id}`, platform).send({ expiresAt: '2001-01-01T00:00:00Z', version: active.version }));
    expectError(await call('get', '/me', again.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
    expectError(await attempt({ username: 'alice', password: 'umbrella-alice-passphrase-1', tenant: 'umbrella' }), 401, 'AUTH_TENANT_DISABLED_401');
  });

  it('refuses a token whose tenant reached its expiry by itself since it was cached', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    await addTenant({ code: 'soon', name: 'Soon', expiresAt: soon, admin: { username: 'brief', password: 'soon-brief-passphrase-1' } });
    const tokens = await login(server, 'brief', 'soon-brief-passphrase-1', { tenant: 'soon' });
    expectSuccess(await call('get', '/me', tokens.bearer));
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon) - Date.now() + 50));
    expectError(await call('get', '/me', tokens.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  it('checks the administrator before writing anything: a refused password or username creates no tenant', async () => {
    const refused = [
      { admin: { username: 'boss', password: 'short' }, field: '/body/admin/password' },
      { admin: { username: 'x', password: 'long-enough-passphrase-1' }, field: '/body/admin/username' },
      { admin: { username: 'boss', password: 'password123' }, field: '/body/admin/password' },
    ];
    for (const { admin, field } of refused) {
      detailFor(expectError(await call('post', '/tenants', platform).send({ code: 'stark', name: 'Stark', admin }), 400, 'VALIDATION_FAILED_400'), field);
    }
    detailFor(expectError(await call('post', '/tenants', platform).send({ code: 'stark', name: 'Stark' }), 400, 'VALIDATION_FAILED_400'), '/body/admin');
    const page = expectSuccess(await call('get', '/tenants', platform).query({ keyword: 'stark' })).data as { items: unknown[] };
    expect(page.items).to.deep.equal([]);
    const rows = await server.sql<{ n: number }>("select count(*)::int as n from users_user where tenant_id <> ? and username = 'boss'", [DEFAULT_TENANT_ID]);
    expect(rows[0].n, "only acme's boss").to.equal(1);
  });

  it('takes no user past the tenant limit: 409 TENANT_USER_LIMIT_409, however many ask at once', async () => {
    await addTenant({ code: 'tiny', name: 'Tiny', userLimit: 3, admin: { username: 'owner', password: 'tiny-owner-passphrase-1' } });
    const owner = await login(server, 'owner', 'tiny-owner-passphrase-1', { tenant: 'tiny' });
    const attempts = await Promise.all(
      ['one', 'two', 'three', 'four'].map((name) =>
        call('post', '/users', owner.bearer).send({ username: `member-${name}`, password: 'tiny-member-passphrase-1' }),
      ),
    );
    const statuses = attempts.map((res) => res.status).sort();
    expect(statuses).to.deep.equal([201, 201, 409, 409]);
    for (const res of attempts.filter((r) => r.status === 409)) expectError(res, 409, 'TENANT_USER_LIMIT_409');
    const users = expectSuccess(await call('get', '/users', owner.bearer)).data as { total: number };
    expect(users.total).to.equal(3);
  });
});
