import { expect } from 'chai';
import { expectError, expectSuccess } from '../http/helpers';
import { adminLogin, login, type Tokens } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { createTenant } from './helpers';

interface Me {
  user: { id: string };
  tenant: { id: string };
  permissions: string[];
}

interface MenuNode {
  path: string;
  children: MenuNode[];
}

const PASSWORD = 'tenant-authority-passphrase-1';

/**
 * What a tenant's administrator may do: no more than the tenant's package, never a permission
 * of scope global, and nothing to another tenant's rows, which answer 404 as if they did not
 * exist. Two administrators of two tenants and the platform's, on one server.
 */
describe("tenants: a tenant administrator's reach", () => {
  let server: TestServer;
  let platform: Tokens;
  before(async () => {
    server = await startTestServer();
    platform = await adminLogin(server);
  });
  after(() => server?.stop());

  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, token: string) => server.http()[method](`/api/v1${path}`).set('Authorization', token);
  const me = async (tokens: Tokens): Promise<Me> => expectSuccess(await call('get', '/me', tokens.bearer)).data as Me;
  const tenantAdmin = async (code: string, extra: Record<string, unknown> = {}): Promise<Tokens> =>
    (await createTenant(server, platform.bearer, code, PASSWORD, extra)).chief;
  const paths = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.path, ...paths(node.children)]);

  it('holds every permission of scope tenant or row without a package, and none of scope global', async () => {
    const chief = await tenantAdmin('open-co');
    const held = (await me(chief)).permissions;
    expect(held).to.include.members([
      'audit:operation:list',
      'system:user:add',
      'system:role:edit',
      'system:dept:list',
      'system:session:list',
      'system:config:edit',
      'system:dict:add',
      'me:profile:query',
    ]);
    const platformOnly = ['system:tenant:list', 'system:module:list', 'system:menu:list', 'system:generator:list'];
    for (const global of platformOnly) expect(held).to.not.include(global);
    for (const path of ['/tenants', '/system/modules', '/menus']) expectError(await call('get', path, chief.bearer), 403, 'PERM_DENIED_403');
    const menus = expectSuccess(await call('get', '/me/menus', chief.bearer)).data as { items: MenuNode[] };
    const seen = paths(menus.items);
    expect(seen).to.include('/system/users');
    for (const global of ['/system/tenants', '/system/modules', '/system/menus']) expect(seen).to.not.include(global);
  });

  it('never holds more than the package, whatever its roles grant, and follows the package when it changes', async () => {
    const pack = expectSuccess(
      await call('post', '/tenants/packages', platform.bearer).send({
        name: 'Narrow',
        permissions: ['system:user:list', 'system:user:query', 'system:role:list', 'me:profile:query', 'me:menu:list'],
      }),
      201,
    ).data as { id: string; version: number };
    const chief = await tenantAdmin('narrow-co', { packageId: pack.id });
    const tenantId = (await me(chief)).tenant.id;
    // Even a role granting everything, written behind the API's back, grants no more than the package.
    await server.tenantSql(tenantId, "insert into roles_role_permission (role_id, permission) select id, '*:*:*' from roles_role where code = 'admin'");
    const again = await login(server, 'chief', PASSWORD, { tenant: 'narrow-co' });
    expect((await me(again)).permissions.sort()).to.deep.equal([
      'me:menu:list',
      'me:profile:query',
      'system:role:list',
      'system:user:list',
      'system:user:query',
    ]);
    expectError(await call('post', '/users', again.bearer).send({ username: 'someone', password: PASSWORD }), 403, 'PERM_DENIED_403');
    const menus = expectSuccess(await call('get', '/me/menus', again.bearer)).data as { items: MenuNode[] };
    expect(
      paths(menus.items)
        .filter((p) => p.startsWith('/system/'))
        .sort(),
    ).to.deep.equal(['/system/roles', '/system/users']);

    expectSuccess(await call('get', '/users', again.bearer));
    expectSuccess(await call('put', `/tenants/packages/${pack.id}`, platform.bearer).send({ permissions: ['me:profile:query'], version: pack.version }));
    expectError(await call('get', '/users', again.bearer), 403, 'PERM_DENIED_403');
    expect((await me(again)).permissions).to.deep.equal(['me:profile:query']);
  });

  it("finds nothing of another tenant's roles, departments and sessions: 404, nothing changed", async () => {
    const chief = await tenantAdmin('nosy-co');
    const platformRoles = expectSuccess(await call('get', '/roles', platform.bearer).query({ keyword: 'admin' })).data as {
      items: { id: string; version: number }[];
    };
    const adminRole = platformRoles.items[0];
    const dept = expectSuccess(await call('post', '/departments', platform.bearer).send({ name: 'Head office' }), 201).data as { id: string; version: number };
    const sessions = expectSuccess(await call('get', '/system/sessions', platform.bearer)).data as { items: { id: string }[] };
    const platformSession = sessions.items[0].id;

    expectError(await call('get', `/roles/${adminRole.id}`, chief.bearer), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    expectError(
      await call('put', `/roles/${adminRole.id}`, chief.bearer).send({ name: 'Mine', version: adminRole.version }),
      404,
      'SYSTEM_RESOURCE_NOT_FOUND_404',
    );
    expectError(await call('delete', `/roles/${adminRole.id}`, chief.bearer), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    expectError(await call('get', `/departments/${dept.id}`, chief.bearer), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    expectError(await call('put', `/departments/${dept.id}`, chief.bearer).send({ name: 'Mine', version: dept.version }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    expectError(await call('delete', `/system/sessions/${platformSession}`, chief.bearer), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    const own = expectSuccess(await call('get', '/system/sessions', chief.bearer)).data as { items: { id: string }[]; total: number };
    expect(own.items.map((s) => s.id)).to.not.include(platformSession);
    expect(own.total).to.equal(1);
    const depts = expectSuccess(await call('get', '/departments', chief.bearer)).data as { total: number };
    expect(depts.total).to.equal(0);

    expectSuccess(await call('get', '/me', platform.bearer));
    expect(expectSuccess(await call('get', `/roles/${adminRole.id}`, platform.bearer)).data).to.include({ version: adminRole.version });
    expect(expectSuccess(await call('get', `/departments/${dept.id}`, platform.bearer)).data).to.include({ name: 'Head office', version: dept.version });
  });
});
