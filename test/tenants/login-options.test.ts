import { expect } from 'chai';
import { expectSuccess } from '../http/helpers';
import { adminLogin } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';

interface Tenant {
  id: string;
  version: number;
}

/**
 * GET /auth/login-options, asked by a sign-in form before anyone is signed in: whether a login
 * should name its tenant, which is so while a tenant besides the default one is usable.
 */
describe('auth: what a sign-in form asks for (GET /auth/login-options)', () => {
  let server: TestServer;
  let platform: string;
  before(async () => {
    server = await startTestServer();
    platform = (await adminLogin(server)).bearer;
  });
  after(() => server?.stop());

  const options = async () => {
    const res = await server.http().get('/api/v1/auth/login-options');
    return expectSuccess(res).data as { tenants: boolean };
  };
  const update = async (tenant: Tenant, body: Record<string, unknown>): Promise<Tenant> =>
    expectSuccess(
      await server
        .http()
        .put(`/api/v1/tenants/${tenant.id}`)
        .set('Authorization', platform)
        .send({ ...body, version: tenant.version }),
    ).data as Tenant;

  it('answers without a token that no tenant need be named on a single-tenant installation', async () => {
    expect(await options()).to.deep.equal({ tenants: false });
  });

  it('says a tenant must be named once another tenant exists, and no more while it is disabled or expired', async () => {
    const created = await server
      .http()
      .post('/api/v1/tenants')
      .set('Authorization', platform)
      .send({ code: 'acme', name: 'Acme', admin: { username: 'boss', password: 'acme-boss-passphrase-1' } });
    let tenant = expectSuccess(created, 201).data as Tenant;
    expect(await options()).to.deep.equal({ tenants: true });

    tenant = await update(tenant, { status: 'disabled' });
    expect(await options(), 'disabled').to.deep.equal({ tenants: false });

    tenant = await update(tenant, { status: 'active', expiresAt: '2001-01-01T00:00:00Z' });
    expect(await options(), 'expired').to.deep.equal({ tenants: false });

    await update(tenant, { expiresAt: null });
    expect(await options(), 'active again').to.deep.equal({ tenants: true });
  });
});
