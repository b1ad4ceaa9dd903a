import { expect } from 'chai';
import { ADMIN, tokenFor, type TestServer } from '../support/server';
import { UsersClient, startUsersServer, usernames, type User } from './helpers';

describe('users: create, read, update, delete', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);
  let deptId: string;
  let roleId: string;
  let postId: string;

  before(async () => {
    server = await startUsersServer();
    deptId = await api.addDepartment('Engineering');
    roleId = await api.addRole('engineer', ['system:user:list']);
    postId = await api.addPost('dev');
  });
  after(() => server?.stop());

  describe('create', () => {
    it('answers 201 with the user: a UUID v7 id, version 1, timestamps, and no password', async () => {
      const password = api.password();
      const res = await api.create({
        username: 'alice',
        nickname: 'Alice',
        email: 'alice@example.com',
        phone: '+8613800000001',
        password,
        deptId,
        postIds: [postId],
        roleIds: [roleId],
      });
      expect(res.status, res.text).to.equal(201);
      const user = res.body.data as User;
      expect(user).to.deep.include({
        username: 'alice',
        nickname: 'Alice',
        email: 'alice@example.com',
        phone: '+8613800000001',
        status: 'active',
        deptId,
        postIds: [postId],
        roleIds: [roleId],
        version: 1,
      });
      expect(user.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Date.parse(user.createdAt)).to.be.closeTo(Date.now(), 60_000);
      expect(user.updatedAt).to.equal(user.createdAt);
      expect(Object.keys(user).sort()).to.deep.equal([
        'createdAt',
        'deptId',
        'email',
        'id',
        'nickname',
        'phone',
        'postIds',
        'roleIds',
        'status',
        'updatedAt',
        'username',
        'version',
      ]);
    });

    it('defaults the nickname to the username, and email, phone, department, posts and roles to none', async () => {
      const user = await api.addUser('bare');
      expect(user).to.deep.include({ nickname: 'bare', email: null, phone: null, status: 'active', deptId: null, postIds: [], roleIds: [] });
    });

    it('creates a disabled user when asked', async () => {
      expect((await api.addUser('sleeper', { status: 'disabled' })).status).to.equal('disabled');
    });

    it('answers 400 naming /body/password for a password shorter than 8 or longer than 128 characters', async () => {
      for (const password of ['short77', 'x'.repeat(129)]) {
        const res = await api.create({ username: 'weak', password });
        expect(res.status).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION_FAILED_400');
        expect(res.body.details.map((d: { field: string }) => d.field)).to.include('/body/password');
      }
      expect((await api.create({ username: 'edge8', password: api.password().slice(0, 8) })).status).to.equal(201);
    });

    it('answers 400 naming /body/password when it is missing', async () => {
      const res = await api.create({ username: 'nopassword' });
      expect(res.status).to.equal(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).to.include('/body/password');
    });

    it('rejects properties the resource does not have (400 additionalProperties)', async () => {
      for (const extra of [{ id: '0190f5a4-7c2e-7000-8000-000000000000' }, { version: 3 }, { passwordHash: 'x' }, { isAdmin: true }]) {
        const res = await api.create({ username: 'extra', password: api.password(), ...extra });
        expect(res.status, JSON.stringify(extra)).to.equal(400);
        expect(res.body.details[0]).to.include({ field: `/body/${Object.keys(extra)[0]}`, rule: 'additionalProperties' });
      }
    });

    it('answers 400 naming the field for a department, post or role that does not exist', async () => {
      const ghost = '0190f5a4-7c2e-7000-8000-00000000dead';
      for (const [field, value] of [
        ['deptId', ghost],
        ['postIds', [ghost]],
        ['roleIds', [ghost]],
      ] as const) {
        const res = await api.create({ username: 'dangling', password: api.password(), [field]: value });
        expect(res.status, field).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION_FAILED_400');
        expect(res.body.details).to.deep.include({
          field: `/body/${field}`,
          rule: 'exists',
          message: `no ${field === 'deptId' ? 'department' : field === 'postIds' ? 'post' : 'role'} ${ghost}`,
        });
      }
      expect((await api.list({ keyword: 'dangling' })).body.data.total).to.equal(0);
    });

    it('answers 403 PERM_DENIED_403 without system:user:add', async () => {
      const res = await api.create({ username: 'nope', password: api.password() }, tokenFor('reader', ['system:user:list']));
      expect(res.status).to.equal(403);
      expect(res.body.code).to.equal('PERM_DENIED_403');
    });
  });

  describe('read', () => {
    it('reads a user by id, as the create answered it', async () => {
      const res = await api.create({ username: 'reader1', password: api.password(), roleIds: [roleId] });
      const read = await api.read(res.body.data.id);
      expect(read.status).to.equal(200);
      expect(read.body.data).to.deep.equal(res.body.data);
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for a user that does not exist', async () => {
      const res = await api.read('0190f5a4-7c2e-7000-8000-000000000000');
      expect(res.status).to.equal(404);
      expect(res.body.code).to.equal('SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('answers 400 for an id that is not a UUID', async () => {
      expect((await api.read('not-a-uuid')).status).to.equal(400);
    });
  });

  describe('update', () => {
    it('changes the fields sent, keeps the others and moves the version on', async () => {
      const user = await api.addUser('changer', { nickname: 'Before', email: 'changer@example.com' });
      const res = await api.update(user.id, { nickname: 'After', phone: '010-1234-5678', deptId, postIds: [postId], roleIds: [roleId], version: 1 });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data).to.deep.include({
        nickname: 'After',
        email: 'changer@example.com',
        phone: '01012345678',
        deptId,
        postIds: [postId],
        roleIds: [roleId],
        version: 2,
      });
      expect(Date.parse(res.body.data.updatedAt)).to.be.at.least(Date.parse(user.updatedAt));
      expect((await api.read(user.id)).body.data).to.deep.equal(res.body.data);
    });

    it('clears email, phone and department with null', async () => {
      const user = await api.addUser('clearer', { email: 'clearer@example.com', phone: '5550001111', deptId });
      const res = await api.update(user.id, { email: null, phone: null, deptId: null, version: 1 });
      expect(res.body.data).to.deep.include({ email: null, phone: null, deptId: null });
    });

    it('moves the version on when only the roles or posts change', async () => {
      const user = await api.addUser('linker');
      const res = await api.update(user.id, { postIds: [postId], version: 1 });
      expect(res.body.data).to.deep.include({ postIds: [postId], version: 2 });
      const again = await api.update(user.id, { postIds: [], roleIds: [roleId], version: 2 });
      expect(again.body.data).to.deep.include({ postIds: [], roleIds: [roleId], version: 3 });
    });

    it('takes ids sent in capitals as the same ids', async () => {
      const user = await api.addUser('capitals', { deptId: deptId.toUpperCase(), roleIds: [roleId.toUpperCase()] });
      expect(user).to.deep.include({ deptId, roleIds: [roleId] });
      const self = tokenFor('capitals', ['system:user:edit'], { userId: user.id });
      const res = await api.update(
        user.id.toUpperCase(),
        { roleIds: [roleId.toUpperCase()], deptId: deptId.toUpperCase(), nickname: 'Caps', version: 1 },
        self,
      );
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data).to.deep.include({ deptId, roleIds: [roleId], nickname: 'Caps' });
      expect(await api.lifecycleCalls(user.id)).to.deep.equal([]);
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 for a stale version, and keeps the user', async () => {
      const user = await api.addUser('contested');
      expect((await api.update(user.id, { nickname: 'First', version: 1 })).status).to.equal(200);
      const stale = await api.update(user.id, { nickname: 'Second', version: 1 });
      expect(stale.status).to.equal(409);
      expect(stale.body.code).to.equal('SYSTEM_VERSION_CONFLICT_409');
      expect((await api.read(user.id)).body.data).to.include({ nickname: 'First', version: 2 });
    });

    it('lets exactly one of several concurrent role changes from the same version through', async () => {
      const user = await api.addUser('raced');
      const roles = await Promise.all(['race-a', 'race-b', 'race-c'].map((code) => api.addRole(code, ['system:user:list'])));
      const results = await Promise.all(roles.map((r) => api.update(user.id, { roleIds: [r], version: 1 })));
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 409, 409]);
      const winner = results.find((r) => r.status === 200)!.body.data as User;
      expect((await api.read(user.id)).body.data).to.deep.include({ roleIds: winner.roleIds, version: 2 });
    });

    it('answers 400 for the username, the password or any property the update does not take', async () => {
      const user = await api.addUser('fixedname');
      for (const extra of [{ username: 'renamed' }, { password: api.password() }, { createdAt: new Date().toISOString() }]) {
        const res = await api.update(user.id, { ...extra, version: 1 });
        expect(res.status, JSON.stringify(extra)).to.equal(400);
        expect(res.body.details[0]).to.include({ field: `/body/${Object.keys(extra)[0]}`, rule: 'additionalProperties' });
      }
    });

    it('answers 400 naming /body/version when it is missing', async () => {
      const user = await api.addUser('versionless');
      const res = await api.update(user.id, { nickname: 'x' });
      expect(res.status).to.equal(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).to.include('/body/version');
    });

    it('answers 404 for a user that does not exist', async () => {
      const res = await api.update('0190f5a4-7c2e-7000-8000-000000000000', { nickname: 'x', version: 1 });
      expect(res.status).to.equal(404);
    });
  });

  describe('delete', () => {
    it('deletes a user: 200 with {}, then 404', async () => {
      const user = await api.addUser('goner', { roleIds: [roleId], postIds: [postId] });
      const res = await api.remove(user.id);
      expect(res.status).to.equal(200);
      expect(res.body.data).to.deep.equal({});
      expect((await api.read(user.id)).status).to.equal(404);
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 for a stale ?version=, and keeps the user', async () => {
      const user = await api.addUser('stalegoner');
      await api.update(user.id, { nickname: 'moved on', version: 1 });
      const res = await api.remove(user.id, ADMIN, { version: 1 });
      expect(res.status).to.equal(409);
      expect(res.body.code).to.equal('SYSTEM_VERSION_CONFLICT_409');
      expect((await api.remove(user.id, ADMIN, { version: 2 })).status).to.equal(200);
    });

    it('answers 404 for a user that does not exist', async () => {
      expect((await api.remove('0190f5a4-7c2e-7000-8000-000000000000')).status).to.equal(404);
    });
  });

  describe('list', () => {
    before(async () => {
      for (const [username, nickname] of [
        ['list-c', 'Carol'],
        ['list-a', 'Zed'],
        ['list-b', 'Bob'],
      ]) {
        await api.addUser(username, { nickname, email: `${username}@list.example` });
      }
    });

    it('answers a page with items, page, pageSize and total', async () => {
      const res = await api.list({ keyword: 'list-', page: 1, pageSize: 2 });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({ page: 1, pageSize: 2, total: 3 });
      expect(res.body.data.items).to.have.length(2);
      const second = await api.list({ keyword: 'list-', page: 2, pageSize: 2 });
      expect(second.body.data.items).to.have.length(1);
    });

    it('lists newest first by default', async () => {
      expect(usernames(await api.list({ keyword: 'list-' }))).to.deep.equal(['list-b', 'list-a', 'list-c']);
    });

    it('sorts by username, nickname, createdAt and updatedAt, either way', async () => {
      expect(usernames(await api.list({ keyword: 'list-', sort: 'username,asc' }))).to.deep.equal(['list-a', 'list-b', 'list-c']);
      expect(usernames(await api.list({ keyword: 'list-', sort: 'username,desc' }))).to.deep.equal(['list-c', 'list-b', 'list-a']);
      expect(usernames(await api.list({ keyword: 'list-', sort: 'nickname,asc' }))).to.deep.equal(['list-b', 'list-c', 'list-a']);
      expect(usernames(await api.list({ keyword: 'list-', sort: 'createdAt,asc' }))).to.deep.equal(['list-c', 'list-a', 'list-b']);
      expect((await api.list({ keyword: 'list-', sort: 'updatedAt,desc' })).status).to.equal(200);
    });

    it('answers 400 naming /query/sort for a field off the whitelist', async () => {
      for (const sort of ['email,asc', 'passwordHash,asc', 'password_hash,asc', 'status,asc']) {
        const res = await api.list({ sort });
        expect(res.status, sort).to.equal(400);
        expect(res.body.details[0]).to.include({ field: '/query/sort', rule: 'whitelist' });
      }
    });

    it('answers 400 for a pageSize over 200 and for an unknown filter', async () => {
      expect((await api.list({ pageSize: 201 })).status).to.equal(400);
      const res = await api.list({ password: 'x' });
      expect(res.status).to.equal(400);
      expect(res.body.details[0]).to.include({ field: '/query/password', rule: 'additionalProperties' });
    });

    it('filters by keyword in the username, nickname, email or phone, whatever the case', async () => {
      await api.addUser('kw-user', { nickname: 'Quixotic Name', email: 'kw@zebra.example', phone: '+44 7700 900123' });
      for (const keyword of ['KW-US', 'quixotic', 'ZEBRA', '7700900']) {
        expect(usernames(await api.list({ keyword })), keyword).to.deep.equal(['kw-user']);
      }
    });

    it('takes % and _ in the keyword as themselves', async () => {
      expect((await api.list({ keyword: '%' })).body.data.total).to.equal(0);
      await api.addUser('under_score');
      expect(usernames(await api.list({ keyword: 'r_s' }))).to.deep.equal(['under_score']);
    });

    it('filters by status', async () => {
      const res = await api.list({ status: 'disabled', pageSize: 200 });
      expect(usernames(res)).to.include('sleeper');
      expect((res.body.data.items as User[]).every((u) => u.status === 'disabled')).to.equal(true);
    });

    it('filters by department, the departments under it included', async () => {
      const parent = await api.addDepartment('Filter parent');
      const child = await api.addDepartment('Filter child', parent);
      const other = await api.addDepartment('Filter other');
      await api.addUser('in-parent', { deptId: parent });
      await api.addUser('in-child', { deptId: child });
      await api.addUser('in-other', { deptId: other });
      expect(usernames(await api.list({ deptId: parent, sort: 'username,asc' }))).to.deep.equal(['in-child', 'in-parent']);
      expect(usernames(await api.list({ deptId: child }))).to.deep.equal(['in-child']);
    });

    it('filters by role held', async () => {
      const role = await api.addRole('filter-role', ['system:user:list']);
      await api.addUser('holder-1', { roleIds: [role] });
      await api.addUser('holder-2', { roleIds: [role, roleId] });
      await api.addUser('non-holder', { roleIds: [roleId] });
      const res = await api.list({ roleId: role, sort: 'username,asc' });
      expect(usernames(res)).to.deep.equal(['holder-1', 'holder-2']);
      expect(res.body.data.total).to.equal(2);
    });

    it('shows each user with its roles and posts', async () => {
      const second = await api.addRole('second-role', ['system:user:list']);
      await api.addUser('linked', { roleIds: [second, roleId], postIds: [postId] });
      const [user] = (await api.list({ keyword: 'linked' })).body.data.items as User[];
      expect(user.roleIds).to.have.members([roleId, second]);
      expect(user.postIds).to.deep.equal([postId]);
    });
  });

  // Last of the suites, so it sees every answer of the ones above.
  describe('every answer above', () => {
    it('carried neither a password nor a hash', () => {
      expect(api.bodies.length).to.be.greaterThan(50);
      expect(api.leaks()).to.deep.equal([]);
    });
  });
});
