import { expect } from 'chai';
import { tokenFor, type TestServer } from '../support/server';
import { UsersClient, startUsersServer } from './helpers';

/**
 * What users tells other modules: `users.lifecycle` (proven by the probe, which records a call
 * only after a delay, so a call the module did not await before answering would be missing), and
 * the usage counts that keep departments and roles from being deleted.
 */
describe('users: lifecycle and usage', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);
  let roleId: string;
  let otherRoleId: string;
  let deptId: string;
  let postId: string;

  before(async () => {
    server = await startUsersServer();
    roleId = await api.addRole('lifecycle-a', ['system:user:list']);
    otherRoleId = await api.addRole('lifecycle-b', ['system:user:list']);
    deptId = await api.addDepartment('Lifecycle');
    postId = await api.addPost('lifecycle');
  });
  after(() => server?.stop());

  const changes = async (userId: string) => (await api.lifecycleCalls(userId)).map((c) => c.change);

  describe('users.lifecycle', () => {
    it('hears nothing of a create', async () => {
      const user = await api.addUser('lc-new', { roleIds: [roleId], deptId });
      expect(await changes(user.id)).to.deep.equal([]);
    });

    it('hears "disabled" when the status becomes disabled, and nothing when it stays or comes back', async () => {
      const user = await api.addUser('lc-disable');
      await api.update(user.id, { status: 'disabled', version: 1 });
      expect(await api.lifecycleCalls(user.id)).to.deep.equal([{ userId: user.id, change: 'disabled', keepSessionId: null }]);
      await api.update(user.id, { status: 'disabled', nickname: 'still off', version: 2 });
      await api.update(user.id, { status: 'active', version: 3 });
      expect(await changes(user.id)).to.deep.equal(['disabled']);
    });

    it('hears "access" when the roles change', async () => {
      const user = await api.addUser('lc-roles', { roleIds: [roleId] });
      await api.update(user.id, { roleIds: [roleId, otherRoleId], version: 1 });
      expect(await changes(user.id)).to.deep.equal(['access']);
    });

    it('hears "access" when the department changes', async () => {
      const user = await api.addUser('lc-dept');
      await api.update(user.id, { deptId, version: 1 });
      await api.update(user.id, { deptId: null, version: 2 });
      expect(await changes(user.id)).to.deep.equal(['access', 'access']);
    });

    it('hears nothing of profile or post changes, nor of roles and department sent unchanged', async () => {
      const user = await api.addUser('lc-quiet', { roleIds: [roleId], deptId });
      await api.update(user.id, {
        nickname: 'Quiet',
        email: 'quiet@example.com',
        phone: '5550001234',
        postIds: [postId],
        roleIds: [roleId],
        deptId,
        version: 1,
      });
      expect(await changes(user.id)).to.deep.equal([]);
    });

    it('hears "disabled" and "access" of one update that does both', async () => {
      const user = await api.addUser('lc-both');
      await api.update(user.id, { status: 'disabled', roleIds: [roleId], version: 1 });
      expect(await changes(user.id)).to.deep.equal(['disabled', 'access']);
    });

    it('hears "deleted" after a delete', async () => {
      const user = await api.addUser('lc-delete');
      await api.remove(user.id);
      expect(await changes(user.id)).to.deep.equal(['deleted']);
    });

    it('hears "password" after an administrator’s reset', async () => {
      const user = await api.addUser('lc-reset');
      await api.resetPassword(user.id, api.password());
      expect(await changes(user.id)).to.deep.equal(['password']);
    });

    it('hears nothing of a refused change', async () => {
      const user = await api.addUser('lc-refused');
      await api.update(user.id, { nickname: 'moved on', version: 1 });
      expect((await api.update(user.id, { status: 'disabled', version: 1 })).status).to.equal(409);
      expect((await api.update(user.id, { roleIds: [roleId], version: 2 }, tokenFor('me', ['system:user:edit'], { userId: user.id }))).status).to.equal(403);
      expect(await changes(user.id)).to.deep.equal([]);
    });
  });

  describe('departments.usage', () => {
    it('keeps a department with users from being deleted (409 SYSTEM_DEPT_IN_USE_409), until they leave', async () => {
      const busy = await api.addDepartment('Busy');
      const user = await api.addUser('lc-member', { deptId: busy });
      await api.addUser('lc-member-2', { deptId: busy });
      const res = await api.call('delete', `/departments/${busy}`);
      expect(res.status, res.text).to.equal(409);
      expect(res.body.code).to.equal('SYSTEM_DEPT_IN_USE_409');
      expect(res.body.details).to.deep.include({ rule: 'in-use', message: 'users: 2' });
      await api.update(user.id, { deptId: null, version: 1 });
      await api.remove((await api.list({ keyword: 'lc-member-2' })).body.data.items[0].id);
      expect((await api.call('delete', `/departments/${busy}`)).status).to.equal(200);
    });
  });

  describe('roles.usage', () => {
    it('keeps a role users hold from being deleted (409 SYSTEM_ROLE_IN_USE_409), until nobody does', async () => {
      const held = await api.addRole('lc-held', ['system:user:list']);
      const user = await api.addUser('lc-holder', { roleIds: [held] });
      const res = await api.call('delete', `/roles/${held}`);
      expect(res.status, res.text).to.equal(409);
      expect(res.body.code).to.equal('SYSTEM_ROLE_IN_USE_409');
      expect(res.body.details[0]).to.include({ what: 'users', count: 1 });
      await api.update(user.id, { roleIds: [], version: 1 });
      expect((await api.call('delete', `/roles/${held}`)).status).to.equal(200);
    });

    it('lets a role go when its only holder is deleted', async () => {
      const held = await api.addRole('lc-held-2', ['system:user:list']);
      const user = await api.addUser('lc-holder-2', { roleIds: [held] });
      await api.remove(user.id);
      expect((await api.call('delete', `/roles/${held}`)).status).to.equal(200);
    });
  });

  describe('every answer above', () => {
    it('carried neither a password nor a hash', () => {
      expect(api.leaks()).to.deep.equal([]);
    });
  });
});
