import { expect } from 'chai';
import { DEFAULT_TENANT_ID } from '../../modules/tenants/default-tenant';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { adminLogin, createUserAndLogin } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';

interface Tenant {
  id: string;
  code: string;
  name: string;
  status: 'active' | 'disabled';
  packageId: string | null;
  expiresAt: string | null;
  userLimit: number | null;
  remark: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

interface TenantPackage {
  id: string;
  name: string;
  permissions: string[];
  status: 'active' | 'disabled';
  remark: string | null;
  version: number;
}

const NO_SUCH = '01890a5d-ac96-774b-bcce-b302099a8057';

/** Every tenant is created with its administrator. */
const ADMIN_OF = { username: 'boss', password: 'tenant-boss-passphrase-1' };

describe('tenants: the records', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startTestServer();
    admin = (await adminLogin(server)).bearer;
  });
  after(() => server?.stop());

  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, token = admin) => server.http()[method](`/api/v1${path}`).set('Authorization', token);
  const addTenant = async (body: Record<string, unknown>): Promise<Tenant> =>
    expectSuccess(await call('post', '/tenants').send({ admin: ADMIN_OF, ...body }), 201).data as Tenant;
  const addPackage = async (body: Record<string, unknown>): Promise<TenantPackage> =>
    expectSuccess(await call('post', '/tenants/packages').send(body), 201).data as TenantPackage;

  describe('the default tenant', () => {
    it('exists from the first start, with code `default`', async () => {
      const found = expectSuccess(await call('get', `/tenants/${DEFAULT_TENANT_ID}`)).data as Tenant;
      expect(found).to.include({ code: 'default', status: 'active', packageId: null, expiresAt: null, userLimit: null });
      const page = expectSuccess(await call('get', '/tenants').query({ keyword: 'default' })).data as { items: Tenant[] };
      expect(page.items.map((t) => t.id)).to.include(DEFAULT_TENANT_ID);
    });

    it('stays active, keeps its code, never expires and is never deleted: 409 TENANT_DEFAULT_PROTECTED_409', async () => {
      const { version } = expectSuccess(await call('get', `/tenants/${DEFAULT_TENANT_ID}`)).data as Tenant;
      const refused = [
        { status: 'disabled', field: '/body/status' },
        { code: 'main', field: '/body/code' },
        { expiresAt: '2030-01-01T00:00:00Z', field: '/body/expiresAt' },
      ];
      for (const { field, ...change } of refused) {
        detailFor(expectError(await call('put', `/tenants/${DEFAULT_TENANT_ID}`).send({ ...change, version }), 409, 'TENANT_DEFAULT_PROTECTED_409'), field);
      }
      detailFor(expectError(await call('delete', `/tenants/${DEFAULT_TENANT_ID}`), 409, 'TENANT_DEFAULT_PROTECTED_409'), '/params/id');
      const renamed = expectSuccess(await call('put', `/tenants/${DEFAULT_TENANT_ID}`).send({ name: 'Headquarters', code: 'DEFAULT', version })).data as Tenant;
      expect(renamed).to.include({ name: 'Headquarters', code: 'DEFAULT', status: 'active', version: version + 1 });
      expectSuccess(await call('put', `/tenants/${DEFAULT_TENANT_ID}`).send({ code: 'default', version: renamed.version }));
    });
  });

  describe('tenants', () => {
    it('creates a tenant with its package, expiry and user limit, the expiry answered in UTC', async () => {
      const pack = await addPackage({ name: 'Basic', permissions: ['system:user:list', 'system:user:query'] });
      const tenant = await addTenant({ code: 'acme', name: ' Acme ', packageId: pack.id, expiresAt: '2030-01-01T08:00:00+08:00', userLimit: 50 });
      expect(tenant).to.include({
        code: 'acme',
        name: 'Acme',
        status: 'active',
        packageId: pack.id,
        expiresAt: '2030-01-01T00:00:00.000Z',
        userLimit: 50,
        remark: null,
        version: 1,
      });
      expect(Object.keys(tenant).sort()).to.deep.equal(
        ['code', 'createdAt', 'expiresAt', 'id', 'name', 'packageId', 'remark', 'status', 'updatedAt', 'userLimit', 'version'].sort(),
      );
      expect(expectSuccess(await call('get', `/tenants/${tenant.id}`)).data).to.deep.equal(tenant);
    });

    it('answers 409 TENANT_CODE_DUPLICATED_409 for a code taken in any case, on create and on update', async () => {
      await addTenant({ code: 'globex', name: 'Globex' });
      detailFor(
        expectError(await call('post', '/tenants').send({ code: 'GLOBEX', name: 'Other', admin: ADMIN_OF }), 409, 'TENANT_CODE_DUPLICATED_409'),
        '/body/code',
      );
      const other = await addTenant({ code: 'initech', name: 'Initech' });
      detailFor(
        expectError(await call('put', `/tenants/${other.id}`).send({ code: 'Globex', version: other.version }), 409, 'TENANT_CODE_DUPLICATED_409'),
        '/body/code',
      );
    });

    it('refuses a package that does not exist, a code with spaces, a user limit under 1 and an undeclared field', async () => {
      detailFor(
        expectError(await call('post', '/tenants').send({ code: 'hooli', name: 'Hooli', packageId: NO_SUCH, admin: ADMIN_OF }), 400, 'VALIDATION_FAILED_400'),
        '/body/packageId',
      );
      detailFor(expectError(await call('post', '/tenants').send({ code: 'has space', name: 'X' }), 400, 'VALIDATION_FAILED_400'), '/body/code');
      detailFor(expectError(await call('post', '/tenants').send({ code: 'x1', name: 'X', userLimit: 0 }), 400, 'VALIDATION_FAILED_400'), '/body/userLimit');
      detailFor(expectError(await call('post', '/tenants').send({ code: 'x2', name: 'X', plan: 'gold' }), 400, 'VALIDATION_FAILED_400'), '/body/plan');
      const page = expectSuccess(await call('get', '/tenants').query({ keyword: 'hooli' })).data as { items: Tenant[] };
      expect(page.items).to.deep.equal([]);
    });

    it('disables, moves the version on, and deletes a tenant', async () => {
      const tenant = await addTenant({ code: 'umbrella', name: 'Umbrella' });
      const disabled = expectSuccess(await call('put', `/tenants/${tenant.id}`).send({ status: 'disabled', version: 1 })).data as Tenant;
      expect(disabled).to.include({ status: 'disabled', version: 2 });
      expectError(await call('put', `/tenants/${tenant.id}`).send({ name: 'Stale', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409');
      expectSuccess(await call('delete', `/tenants/${tenant.id}`).query({ version: 2 }));
      expectError(await call('get', `/tenants/${tenant.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('packages', () => {
    it('lists permissions of scope tenant or row that loaded modules declare', async () => {
      const pack = await addPackage({ name: 'Operations', permissions: ['system:post:list', 'system:role:add', 'system:user:edit'], remark: 'day to day' });
      expect(pack).to.include({ name: 'Operations', status: 'active', remark: 'day to day', version: 1 });
      expect(pack.permissions).to.deep.equal(['system:post:list', 'system:role:add', 'system:user:edit']);
      const read = expectSuccess(await call('get', `/tenants/packages/${pack.id}`)).data as TenantPackage;
      expect(read).to.deep.equal(pack);
      const updated = expectSuccess(await call('put', `/tenants/packages/${pack.id}`).send({ permissions: ['system:user:list'], version: 1 }))
        .data as TenantPackage;
      expect(updated).to.include({ version: 2 });
      expect(updated.permissions).to.deep.equal(['system:user:list']);
      // The list reads its page as plain rows (kernel/db/plain-rows.ts): the array comes back as one.
      const page = expectSuccess(await call('get', '/tenants/packages').query({ keyword: 'Operations' })).data as { items: TenantPackage[] };
      expect(page.items).to.have.length(1);
      expect(page.items[0]).to.deep.equal(updated);
    });

    it('refuses a permission no module declares and one of scope global, naming each, and stores nothing', async () => {
      const res = await call('post', '/tenants/packages').send({
        name: 'Greedy',
        permissions: ['system:user:list', 'no:such:thing', 'system:tenant:add', 'system:module:edit', 'generator:table:generate'],
      });
      const error = expectError(res, 400, 'VALIDATION_FAILED_400');
      const codes = (error.details as { code?: string }[]).map((d) => d.code);
      expect(codes).to.have.members(['no:such:thing', 'system:tenant:add', 'system:module:edit', 'generator:table:generate']);
      const page = expectSuccess(await call('get', '/tenants/packages').query({ keyword: 'Greedy' })).data as { items: unknown[] };
      expect(page.items).to.deep.equal([]);
    });

    it('answers 409 TENANT_PACKAGE_DUPLICATED_409 for a name taken in any case', async () => {
      await addPackage({ name: 'Premium', permissions: [] });
      detailFor(
        expectError(await call('post', '/tenants/packages').send({ name: 'PREMIUM', permissions: [] }), 409, 'TENANT_PACKAGE_DUPLICATED_409'),
        '/body/name',
      );
    });

    it('keeps a package a tenant uses: 409 TENANT_PACKAGE_IN_USE_409, then deletes it once no tenant does', async () => {
      const pack = await addPackage({ name: 'Starter', permissions: ['system:user:list'] });
      const tenant = await addTenant({ code: 'starter-co', name: 'Starter Co', packageId: pack.id });
      expectError(await call('delete', `/tenants/packages/${pack.id}`), 409, 'TENANT_PACKAGE_IN_USE_409');
      expectSuccess(await call('put', `/tenants/${tenant.id}`).send({ packageId: null, version: tenant.version }));
      expectSuccess(await call('delete', `/tenants/packages/${pack.id}`));
    });
  });

  describe('authority', () => {
    it('is for platform administrators: an administrator of users and roles reads and changes no tenant or package', async () => {
      const tenant = await addTenant({ code: 'wayne', name: 'Wayne' });
      const pack = await addPackage({ name: 'Wayne package', permissions: [] });
      const { tokens } = await createUserAndLogin(server, { permissions: ['system:user:*', 'system:role:*', 'system:dept:*', 'system:post:*'] });
      const lesser = tokens.bearer;
      const attempts = [
        call('get', '/tenants', lesser),
        call('get', `/tenants/${tenant.id}`, lesser),
        call('post', '/tenants', lesser).send({ code: 'sneaky', name: 'Sneaky', admin: ADMIN_OF }),
        call('put', `/tenants/${tenant.id}`, lesser).send({ status: 'disabled', version: tenant.version }),
        call('delete', `/tenants/${tenant.id}`, lesser),
        call('get', '/tenants/packages', lesser),
        call('post', '/tenants/packages', lesser).send({ name: 'Sneaky', permissions: [] }),
        call('put', `/tenants/packages/${pack.id}`, lesser).send({ permissions: ['system:user:list'], version: pack.version }),
        call('delete', `/tenants/packages/${pack.id}`, lesser),
      ];
      for (const res of await Promise.all(attempts)) expectError(res, 403, 'PERM_DENIED_403');
      expect(expectSuccess(await call('get', `/tenants/${tenant.id}`)).data).to.include({ status: 'active', version: tenant.version });
      expect(expectSuccess(await call('get', `/tenants/packages/${pack.id}`)).data).to.deep.include({ permissions: [], version: pack.version });
      const sneaky = expectSuccess(await call('get', '/tenants').query({ keyword: 'sneaky' })).data as { items: unknown[] };
      expect(sneaky.items).to.deep.equal([]);
    });
  });
});
