import { expect } from 'chai';
import type { RowScope } from '../../kernel/api';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, tokenFor, type TestServer } from '../support/server';
import { asBytes, csvRows, xlsxRows } from '../support/spreadsheets';
import { UsersClient, startUsersServer, type User } from './helpers';

/**
 * GET /users/export: the users' list (not on the resource kit) through the kernel's one
 * spreadsheet writer, with the list's filters, order and data scope.
 */
const EN_HEADER = ['Username', 'Nickname', 'Email', 'Phone', 'Status', 'Department', 'Roles', 'Posts', 'Created at'];
const ZH_HEADER = ['用户名', '昵称', '邮箱', '手机号码', '状态', '部门', '角色', '岗位', '创建时间'];

describe('users: export', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);
  const dept: Record<string, string> = {};
  const user: Record<string, User> = {};
  let role: string;
  let otherRole: string;
  let post: string;

  before(async () => {
    server = await startUsersServer();
    dept.sales = await api.addDepartment('Sales');
    dept.ops = await api.addDepartment('Ops');
    role = await api.addRole('exporter-role', ['system:user:list']);
    otherRole = await api.addRole('auditor-role', ['system:user:list']);
    post = await api.addPost('clerk');
    user['x-ann'] = await api.addUser('x-ann', {
      deptId: dept.sales,
      nickname: '安妮',
      email: 'ann@example.com',
      roleIds: [role, otherRole],
      postIds: [post],
    });
    user['x-bob'] = await api.addUser('x-bob', { deptId: dept.ops, status: 'disabled', phone: '+8613800000000' });
    user['x-cat'] = await api.addUser('x-cat', { deptId: dept.sales, nickname: 'Cat, "the" boss' });
  });
  after(() => server?.stop());

  const request = (query: Record<string, unknown>, token = ADMIN, language = 'en') =>
    server.http().get('/api/v1/users/export').query(query).set('Authorization', token).set('Accept-Language', language);
  const csv = async (query: Record<string, unknown>, token = ADMIN, language = 'en') => {
    const res = await asBytes(request({ format: 'csv', ...query }, token, language));
    expect(res.status, String(res.body)).to.equal(200);
    return csvRows(res.body as Buffer);
  };
  const names = async (query: Record<string, unknown>, token = ADMIN) => (await csv({ keyword: 'x-', ...query }, token)).slice(1).map((r) => r[0]);

  it('answers a CSV: English header, one row per user, statuses labelled, department, roles and posts by name, never a password', async () => {
    const rows = await csv({ keyword: 'x-', sort: 'username,asc' });
    expect(rows[0]).to.deep.equal(EN_HEADER);
    expect(rows.slice(1).map((r) => r.slice(0, 8))).to.deep.equal([
      ['x-ann', '安妮', 'ann@example.com', '', 'Enabled', 'Sales', 'auditor-role, exporter-role', 'clerk'],
      ['x-bob', 'x-bob', '', '+8613800000000', 'Disabled', 'Ops', '', ''],
      ['x-cat', 'Cat, "the" boss', '', '', 'Enabled', 'Sales', '', ''],
    ]);
    expect(rows[1][8]).to.equal(user['x-ann'].createdAt);
    expect(JSON.stringify(rows)).to.not.match(/argon2|password/i);
  });

  it('answers an xlsx headed in Chinese, statuses labelled in Chinese, dates as date cells', async () => {
    const res = await asBytes(request({ format: 'xlsx', keyword: 'x-', sort: 'username,desc' }, ADMIN, 'zh'));
    expect(res.status).to.equal(200);
    expect(res.headers['content-disposition']).to.match(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const rows = await xlsxRows(res.body as Buffer);
    expect(rows[0]).to.deep.equal(ZH_HEADER);
    expect(rows.slice(1).map((r) => [r[0], r[4]])).to.deep.equal([
      ['x-cat', '启用'],
      ['x-bob', '停用'],
      ['x-ann', '启用'],
    ]);
    expect((rows[3][8] as Date).toISOString()).to.equal(user['x-ann'].createdAt);
  });

  it('exports what the filters select, in the order asked for', async () => {
    expect(await names({ status: 'active', sort: 'username,desc' })).to.deep.equal(['x-cat', 'x-ann']);
    expect(await names({ deptId: dept.ops })).to.deep.equal(['x-bob']);
    expect(await names({ roleId: role })).to.deep.equal(['x-ann']);
    // Newest first without a sort, as the list.
    expect(await names({})).to.deep.equal(['x-cat', 'x-bob', 'x-ann']);
  });

  it('reads every user across batches, each once, in order', async () => {
    await server.sql(
      `insert into users_user (id, tenant_id, username, nickname, password_hash, status, version, created_at, updated_at)
       select gen_random_uuid(), tenant_id, 'bulk-' || lpad(i::text, 5, '0'), 'Bulk', password_hash, 'active', 1, created_at, updated_at
         from users_user, generate_series(1, 2100) as i where username = 'x-ann'`,
    );
    // Every bulk user holds the role: its name is on every row, whichever batch the row is in.
    await server.sql(`insert into users_user_role (tenant_id, user_id, role_id) select tenant_id, id, '${role}' from users_user where username like 'bulk-%'`);
    // Statistics as autovacuum would leave them: the planner's estimates are the list's, not this test's.
    await server.sql('analyze users_user');
    // Every one created in the same instant: the order's ties are broken by the id across batches.
    const rows = (await csv({ keyword: 'bulk-', sort: 'createdAt,asc' })).slice(1);
    expect(rows).to.have.length(2100);
    expect(new Set(rows.map((r) => r[0])).size).to.equal(2100);
    expect(new Set(rows.map((r) => r[6]))).to.deep.equal(new Set(['exporter-role']));
    const byName = (await csv({ keyword: 'bulk-', sort: 'username,desc' })).slice(1).map((r) => r[0]);
    expect(byName).to.deep.equal([...byName].sort().reverse());
  });

  it('exports only the users within the caller’s data scope', async () => {
    const scoped = (rowScope: RowScope) => tokenFor('scoped', ['system:user:export'], { rowScope });
    expect(await names({ sort: 'username,asc' }, scoped({ all: false, deptIds: [dept.sales], ownerId: null }))).to.deep.equal(['x-ann', 'x-cat']);
    expect(await names({ sort: 'username,asc' }, scoped({ all: false, deptIds: [dept.ops], ownerId: null }))).to.deep.equal(['x-bob']);
  });

  it("never exports another tenant's users", async () => {
    const other = '01900000-0000-7000-8000-0000000000d4';
    const token = tokenFor('other-tenant', ['system:user:export'], { tenantId: other });
    expect(await names({}, token)).to.deep.equal([]);
    expect((await csv({}, token)).slice(1)).to.deep.equal([]);
  });

  it('answers 403 to a caller who may list users but not export them', async () => {
    const lister = tokenFor('lister', ['system:user:list']);
    expectSuccess(await server.http().get('/api/v1/users').set('Authorization', lister));
    expectError(await request({ format: 'csv' }, lister), 403, 'PERM_DENIED_403');
  });

  it('refuses a sort outside the whitelist, a cursor, and a format missing or unknown', async () => {
    detailFor(expectError(await request({ format: 'csv', sort: 'email,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    detailFor(expectError(await request({}), 400, 'VALIDATION_FAILED_400'), '/query/format');
    detailFor(expectError(await request({ format: 'ods' }), 400, 'VALIDATION_FAILED_400'), '/query/format');
    detailFor(expectError(await request({ format: 'csv', cursor: '' }), 400, 'VALIDATION_FAILED_400'), '/query/cursor');
  });
});
