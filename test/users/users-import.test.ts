import { expect } from 'chai';
import { createTenant } from '../tenants/helpers';
import { adminLogin, createRole, createUserAndLogin, login, TEST_PASSWORD } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';
import { asBytes, xlsxRows } from '../support/spreadsheets';
import { HEADER, firstNote, imported, upload, workbook, type ImportResult } from './import-helpers';
import { UsersClient, startUsersServer, type User } from './helpers';

/**
 * POST /users/import and its `users.import` task, with real workbooks over HTTP. The tree:
 *
 *   Head ─ Sales        Ops ─ Sales        (two departments called Sales)
 */
describe('users: import from xlsx', function () {
  this.timeout(60_000);
  let server: TestServer;
  let admin: string;
  const api = new UsersClient(() => server);
  const dept: Record<string, string> = {};
  const role: Record<string, { id: string; code: string }> = {};
  /** Holds import and add, with a data scope of Head / Sales only. */
  let lesser: string;

  const user = async (username: string): Promise<User | undefined> => {
    const res = await api.list({ keyword: username });
    return (res.body.data.items as User[]).find((u) => u.username === username);
  };
  const failures = (result: ImportResult) => result.failed.map(({ row, field, code }) => ({ row, field, code }));

  before(async () => {
    server = await startUsersServer();
    admin = (await adminLogin(server)).bearer;
    dept.head = await api.addDepartment('Head');
    dept.sales = await api.addDepartment('Sales', dept.head);
    dept.ops = await api.addDepartment('Ops');
    dept.opsSales = await api.addDepartment('Sales', dept.ops);
    role.clerk = await createRole(server, { code: 'clerk', permissions: ['system:user:list'], dataScope: 'custom', deptIds: [dept.sales] });
    role.auditor = await createRole(server, { code: 'auditor', permissions: ['audit:login:list'] });
    const importer = await createUserAndLogin(server, {
      permissions: ['system:user:import', 'system:user:add', 'system:user:list', 'task:task:submit'],
      dataScope: 'custom',
      deptIds: [dept.sales],
      deptId: dept.sales,
    });
    lesser = importer.tokens.bearer;
  });
  after(() => server?.stop());

  describe('GET /users/import/template', () => {
    const template = (language: string, bearer = admin) =>
      asBytes(server.http().get('/api/v1/users/import/template').set('Authorization', bearer).set('Accept-Language', language));

    it('answers an .xlsx attachment whose header row is in English, each header with a note', async () => {
      const res = await template('en');
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.match(/spreadsheetml\.sheet/);
      expect(res.headers['content-disposition']).to.equal('attachment; filename="users-import-template.xlsx"');
      expect((await xlsxRows(res.body as Buffer))[0]).to.deep.equal(['Username', 'Password', 'Nickname', 'Email', 'Phone', 'Status', 'Department', 'Roles']);
      expect(await firstNote(res.body as Buffer)).to.include('Required');
    });

    it('answers the header in Chinese for Accept-Language zh', async () => {
      expect((await xlsxRows((await template('zh-CN,zh;q=0.9')).body as Buffer))[0]).to.deep.equal([
        '用户名',
        '密码',
        '昵称',
        '邮箱',
        '手机号',
        '状态',
        '部门',
        '角色',
      ]);
    });

    it('answers 403 PERM_DENIED_403 to a caller without system:user:import', async () => {
      const reader = await createUserAndLogin(server, { permissions: ['system:user:list', 'system:user:add'] });
      expect((await template('en', reader.tokens.bearer)).status).to.equal(403);
      const res = await upload(server, reader.tokens.bearer, await workbook(HEADER, [['nobody-1']]));
      expect(res.status).to.equal(403);
      expect(res.body.code).to.equal('PERM_DENIED_403');
    });
  });

  describe('POST /users/import', () => {
    it('creates the users of a good file (Chinese headers, names for departments and role codes), readable through GET /users', async () => {
      const file = await workbook(
        ['用户名', '密码', '昵称', '邮箱', '手机号', '状态', '部门', '角色'],
        [
          ['Imp-A', 'a-strong-password-1', 'Ann', 'Ann@Example.com', '+1 555 0100 01', '停用', 'Head / Sales', 'clerk'],
          ['imp-b', null, null, null, 13800138000, 'active', 'ops', null],
        ],
      );
      const result = await imported(server, admin, file, { initialPassword: 'an-initial-password-7' });
      expect(result).to.deep.equal({ created: 2, updated: 0, failed: [] });
      expect(await user('imp-a')).to.include({ nickname: 'Ann', email: 'ann@example.com', phone: '+1555010001', status: 'disabled', deptId: dept.sales });
      expect((await user('imp-a'))!.roleIds).to.deep.equal([role.clerk.id]);
      expect(await user('imp-b')).to.include({ nickname: 'imp-b', phone: '13800138000', status: 'active', deptId: dept.ops });
      // The blank password cell took the initial password given with the upload.
      await login(server, 'imp-b', 'an-initial-password-7');
    });

    it('updates existing users with updateExisting, changing only the cells that are filled in', async () => {
      const before = (await user('imp-a'))!;
      const result = await imported(server, admin, await workbook(['username', 'nickname', 'status'], [['imp-a', 'Annie', 'active']]), {
        updateExisting: true,
      });
      expect(result).to.deep.equal({ created: 0, updated: 1, failed: [] });
      expect(await user('imp-a')).to.include({ nickname: 'Annie', status: 'active', email: before.email, deptId: dept.sales, version: before.version + 1 });
    });

    it('imports the good rows in partial mode and reports each bad one with its row, column and code', async () => {
      const file = await workbook(HEADER, [
        ['imp-c', TEST_PASSWORD],
        ['imp-d', TEST_PASSWORD, null, 'not-an-email'],
        ['IMP-C', TEST_PASSWORD],
        ['imp-a', TEST_PASSWORD],
        ['imp-e', TEST_PASSWORD, null, null, null, null, 'Nowhere'],
        ['imp-f', TEST_PASSWORD, null, null, null, null, 'Sales'],
        ['imp-g', TEST_PASSWORD, null, null, null, null, null, 'no_such_role'],
        ['imp-h', 'short'],
        ['imp-i', TEST_PASSWORD, null, null, null, 'sleeping'],
      ]);
      const result = await imported(server, admin, file, { mode: 'partial' });
      expect(result.created).to.equal(1);
      expect(failures(result)).to.deep.equal([
        { row: 3, field: 'email', code: 'VALIDATION_FAILED_400' },
        { row: 4, field: 'username', code: 'VALIDATION_FAILED_400' },
        { row: 5, field: 'username', code: 'SYSTEM_USER_DUPLICATED_409' },
        { row: 6, field: 'department', code: 'VALIDATION_FAILED_400' },
        { row: 7, field: 'department', code: 'VALIDATION_FAILED_400' },
        { row: 8, field: 'roles', code: 'VALIDATION_FAILED_400' },
        { row: 9, field: 'password', code: 'VALIDATION_FAILED_400' },
        { row: 10, field: 'status', code: 'VALIDATION_FAILED_400' },
      ]);
      expect(result.failed[1].message).to.equal('the same username is in row 2 already');
      expect(result.failed[4].message).to.include('several departments are called "Sales"');
      expect(await user('imp-c')).to.not.equal(undefined);
      for (const username of ['imp-d', 'imp-e', 'imp-f', 'imp-g', 'imp-h', 'imp-i']) expect(await user(username), username).to.equal(undefined);
    });

    it('imports none of an all-or-nothing file with a bad row, and reports the bad row', async () => {
      const file = await workbook(HEADER, [
        ['imp-j', TEST_PASSWORD],
        ['imp-k', TEST_PASSWORD, null, 'nope'],
        ['imp-l', TEST_PASSWORD],
      ]);
      const result = await imported(server, admin, file, { mode: 'all-or-nothing' });
      expect(result.created).to.equal(0);
      expect(failures(result)).to.deep.equal([{ row: 3, field: 'email', code: 'VALIDATION_FAILED_400' }]);
      expect(await user('imp-j')).to.equal(undefined);
      expect(await user('imp-l')).to.equal(undefined);
    });

    it('imports every row of a good all-or-nothing file', async () => {
      const result = await imported(
        server,
        admin,
        await workbook(HEADER, [
          ['imp-m', TEST_PASSWORD],
          ['imp-n', TEST_PASSWORD],
        ]),
        { mode: 'all-or-nothing' },
      );
      expect(result).to.deep.equal({ created: 2, updated: 0, failed: [] });
      expect(await user('imp-n')).to.not.equal(undefined);
    });

    it('holds a lesser administrator to their data scope and to the roles they may hand out, never writing half a row', async () => {
      const file = await workbook(HEADER, [
        ['imp-o', TEST_PASSWORD, null, null, null, null, 'Head / Sales', 'clerk'],
        ['imp-p', TEST_PASSWORD, null, null, null, null, 'Head / Sales', 'auditor'],
        ['imp-q', TEST_PASSWORD, null, null, null, null, 'Ops'],
      ]);
      const result = await imported(server, lesser, file);
      expect(result.created).to.equal(1);
      // The auditor role grants a permission the importer lacks, and sees more than their scope: two failures.
      expect(failures(result)).to.deep.equal([
        { row: 3, field: 'roles', code: 'PERM_DENIED_403' },
        { row: 3, field: 'roles', code: 'PERM_DENIED_403' },
        { row: 4, field: 'department', code: 'PERM_DENIED_403' },
      ]);
      expect(await user('imp-o')).to.include({ deptId: dept.sales });
      // The user of the refused role assignment is not there without it: the row left nothing.
      expect(await user('imp-p')).to.equal(undefined);
      expect(await user('imp-q')).to.equal(undefined);
    });

    it('refuses updateExisting to a caller without system:user:edit: 403 naming /body/updateExisting', async () => {
      const res = await upload(server, lesser, await workbook(HEADER, [['imp-o']]), { updateExisting: true });
      expect(res.status).to.equal(403);
      expect(res.body.details[0]).to.include({ field: '/body/updateExisting', permission: 'system:user:edit' });
    });

    it('tells the failures in the uploader’s language', async () => {
      const result = await imported(server, admin, await workbook(HEADER, [['imp-r', TEST_PASSWORD, null, null, null, '休眠']]), { language: 'zh' });
      expect(result.failed[0].message).to.equal('“休眠”不是有效状态：请填写启用或停用');
    });
  });

  describe('refused uploads', () => {
    it('answers 415 SYSTEM_IMPORT_UNSUPPORTED_TYPE_415 for a file that is not an .xlsx, in English and Chinese', async () => {
      const text = Buffer.from('username\nsomeone\n');
      const en = await upload(server, admin, text, { filename: 'users.xlsx' });
      expect(en.status).to.equal(415);
      expect(en.body.code).to.equal('SYSTEM_IMPORT_UNSUPPORTED_TYPE_415');
      expect(en.body.message).to.equal('The file is not an Excel workbook (.xlsx).');
      const zh = await upload(server, admin, text, { language: 'zh' });
      expect(zh.body.message).to.equal('文件不是 Excel 工作簿（.xlsx）。');
    });

    it('answers 400 SYSTEM_IMPORT_FILE_INVALID_400 for a zip that is no workbook, and for a header naming unknown columns', async () => {
      const broken = await upload(server, admin, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]));
      expect(broken.status).to.equal(400);
      expect(broken.body.code).to.equal('SYSTEM_IMPORT_FILE_INVALID_400');
      const header = await upload(server, admin, await workbook(['login', 'mail'], [['x', 'y']]));
      expect(header.status).to.equal(400);
      expect(header.body.code).to.equal('SYSTEM_IMPORT_FILE_INVALID_400');
      expect(header.body.details.map((d: { message: string }) => d.message)).to.include('there is no username column');
    });

    it('answers 400 VALIDATION_FAILED_400 naming /body/file when no file is sent', async () => {
      const res = await upload(server, admin, undefined);
      expect(res.status).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED_400');
      expect(res.body.details[0].field).to.equal('/body/file');
    });

    it('answers 400 naming /body/mode for a mode that is neither partial nor all-or-nothing', async () => {
      const res = await upload(server, admin, await workbook(HEADER, [['imp-s']]), { mode: 'some' });
      expect(res.status).to.equal(400);
      expect(res.body.details[0].field).to.equal('/body/mode');
    });
  });

  describe('tenants', () => {
    it('imports a tenant administrator’s users into their tenant, within its user limit', async () => {
      const acme = await createTenant(server, ADMIN, 'acme-import', TEST_PASSWORD, { userLimit: 3 });
      const chief = acme.chief.bearer;
      const result = await imported(
        server,
        chief,
        await workbook(HEADER, [
          ['acme-1', TEST_PASSWORD],
          ['acme-2', TEST_PASSWORD],
          ['acme-3', TEST_PASSWORD],
        ]),
      );
      expect(result.created).to.equal(2);
      expect(failures(result)).to.deep.equal([{ row: 4, field: null, code: 'TENANT_USER_LIMIT_409' }]);
      const theirs = await api.list({ keyword: 'acme-' }, chief);
      expect((theirs.body.data.items as User[]).map((u) => u.username).sort()).to.deep.equal(['acme-1', 'acme-2']);
      expect(await user('acme-1')).to.equal(undefined);
    });
  });

  describe('after every import', () => {
    it('never answered a password or a hash', () => {
      expect(api.leaks()).to.deep.equal([]);
    });
  });
});
