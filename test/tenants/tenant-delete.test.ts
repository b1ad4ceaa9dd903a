import { expect } from 'chai';
import { DEFAULT_TENANT_ID } from '../../kernel/api';
import { upload } from '../assets/helpers';
import { expectError, expectSuccess } from '../http/helpers';
import { adminLogin, type Tokens } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { createTenant, settled, tenantOwnedTables } from './helpers';

const PASSWORD = 'tenant-delete-passphrase-1';

/** Deleting a tenant takes every row it has along, in every tenant-owned table, and nothing of any other tenant's. */
describe('tenants: deleting a tenant', () => {
  let server: TestServer;
  let platform: Tokens;
  before(async () => {
    server = await startTestServer();
    platform = await adminLogin(server);
  });
  after(() => server?.stop());

  const call = (method: 'get' | 'post' | 'delete', path: string, token: string) => server.http()[method](`/api/v1${path}`).set('Authorization', token);

  /** Rows of `tenantId` in every tenant-owned table, by table, the empty ones left out. */
  async function rowsOf(tenantId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of await tenantOwnedTables(server)) {
      const [{ n }] = await server.sql<{ n: number }>(`select count(*)::int as n from "${table}" where tenant_id = ?`, [tenantId]);
      if (n > 0) counts[table] = n;
    }
    return counts;
  }

  /** The counts, once two readings a moment apart agree (audit records land a moment after their answers). */
  const settledRowsOf = (tenantId: string) => settled(() => rowsOf(tenantId));

  it('deletes its users, roles, departments, posts, sessions, assets and audit records, and leaves the others', async () => {
    const tenant = await createTenant(server, platform.bearer, 'doomed', PASSWORD);
    const { chief } = tenant;
    const dept = expectSuccess(await call('post', '/departments', chief.bearer).send({ name: 'Head office' }), 201).data as { id: string };
    const child = expectSuccess(await call('post', '/departments', chief.bearer).send({ name: 'Branch', parentId: dept.id }), 201).data as { id: string };
    const post = expectSuccess(await call('post', '/posts', chief.bearer).send({ code: 'clerk', name: 'Clerk' }), 201).data as { id: string };
    const role = expectSuccess(
      await call('post', '/roles', chief.bearer).send({
        code: 'viewer',
        name: 'Viewer',
        permissions: ['system:user:list'],
        dataScope: 'custom',
        deptIds: [child.id],
      }),
      201,
    ).data as { id: string };
    expectSuccess(
      await call('post', '/users', chief.bearer).send({ username: 'member', password: PASSWORD, deptId: child.id, roleIds: [role.id], postIds: [post.id] }),
      201,
    );
    expectSuccess(await upload(server, 'doomed.txt', 'doomed', chief.bearer), 201);
    const before = await settledRowsOf(tenant.id);
    expect(Object.keys(before)).to.include.members([
      'users_user',
      'users_user_role',
      'roles_role',
      'roles_role_dept',
      'departments_department',
      'posts_post',
      'auth_session',
    ]);
    const platformBefore = await settledRowsOf(DEFAULT_TENANT_ID);

    expectSuccess(await call('delete', `/tenants/${tenant.id}`, platform.bearer).query({ version: tenant.version }));
    expect(await rowsOf(tenant.id)).to.deep.equal({});
    expectError(
      await server.http().post('/api/v1/auth/login').send({ tenant: 'doomed', username: 'chief', password: PASSWORD }),
      401,
      'AUTH_INVALID_CREDENTIALS_401',
    );
    expectError(await call('get', '/me', chief.bearer), 401, 'AUTH_TOKEN_REVOKED_401');

    // The platform's rows are all there (its audit log only grew, by the delete itself).
    const platformAfter = await rowsOf(DEFAULT_TENANT_ID);
    for (const [table, count] of Object.entries(platformBefore)) expect(platformAfter[table], table).to.be.at.least(count);
    expectSuccess(await call('get', '/me', (await adminLogin(server)).bearer));
  });
});
