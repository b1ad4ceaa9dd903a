import { expect } from 'chai';
import { tokenFor, type TestServer } from '../support/server';
import { UsersClient, startUsersServer, type User } from './helpers';

/** Escalation refusals and protected accounts. */
describe('users: who may change whom', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);
  let admin: User;
  let listerRole: string;
  let roleAdminRole: string;
  let adminRole: string;

  /** A user-administrator holding every system:user permission and nothing else. */
  const userAdmin = (userId?: string, extra: string[] = []) => tokenFor('useradmin', ['system:user:*', ...extra], userId ? { userId } : {});

  before(async () => {
    server = await startUsersServer();
    admin = (await api.list({ keyword: 'admin', sort: 'username,asc' })).body.data.items.find((u: User) => u.username === 'admin');
    adminRole = (await api.call('get', '/roles', undefined, undefined, { keyword: 'admin' })).body.data.items.find(
      (r: { code: string }) => r.code === 'admin',
    ).id;
    listerRole = await api.addRole('lister', ['system:user:list', 'system:user:query']);
    roleAdminRole = await api.addRole('role-admin', ['system:role:list', 'system:role:edit']);
  });
  after(() => server?.stop());

  const expectDenied = (res: { status: number; body: { code: string } }) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(403);
    expect(res.body.code).to.equal('PERM_DENIED_403');
  };

  describe('nobody changes their own roles', () => {
    it('answers 403 PERM_DENIED_403 to a user changing their own roleIds', async () => {
      const me = await api.addUser('self-promoter', { roleIds: [listerRole] });
      const res = await api.update(me.id, { roleIds: [listerRole, roleAdminRole], version: 1 }, userAdmin(me.id, ['system:role:*']));
      expectDenied(res);
      expect(res.body.details).to.deep.equal([{ field: '/body/roleIds', rule: 'self', message: 'you cannot change your own roles' }]);
      const dropping = await api.update(me.id, { roleIds: [], version: 1 }, userAdmin(me.id));
      expectDenied(dropping);
      expect((await api.read(me.id)).body.data).to.deep.include({ roleIds: [listerRole], version: 1 });
    });

    it('lets a user edit the rest of their own record, and send their roles unchanged', async () => {
      const me = await api.addUser('self-editor', { roleIds: [listerRole] });
      const res = await api.update(me.id, { nickname: 'Still me', roleIds: [listerRole], version: 1 }, userAdmin(me.id));
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data).to.deep.include({ nickname: 'Still me', roleIds: [listerRole] });
    });
  });

  describe('nobody hands out what they do not hold', () => {
    it('answers 403 with a detail per permission the caller lacks, on create', async () => {
      const res = await api.create({ username: 'escalated', password: api.password(), roleIds: [roleAdminRole] }, userAdmin());
      expectDenied(res);
      expect(res.body.details).to.have.deep.members([
        {
          field: '/body/roleIds',
          rule: 'escalation',
          message: 'role "role-admin" grants system:role:list, which you do not hold',
          roleId: roleAdminRole,
          permission: 'system:role:list',
        },
        {
          field: '/body/roleIds',
          rule: 'escalation',
          message: 'role "role-admin" grants system:role:edit, which you do not hold',
          roleId: roleAdminRole,
          permission: 'system:role:edit',
        },
      ]);
      expect((await api.list({ keyword: 'escalated' })).body.data.total).to.equal(0);
    });

    it('answers 403 on update when a role added grants more than the caller holds', async () => {
      const user = await api.addUser('target-1');
      expectDenied(await api.update(user.id, { roleIds: [roleAdminRole], version: 1 }, userAdmin()));
      expectDenied(await api.update(user.id, { roleIds: [adminRole], version: 1 }, userAdmin(undefined, ['system:role:*'])));
      expect((await api.read(user.id)).body.data.roleIds).to.deep.equal([]);
    });

    it('answers 403 when the role added is disabled but would grant more than the caller holds', async () => {
      const dormant = await api.addRole('dormant-root', ['*:*:*'], { status: 'disabled' });
      const user = await api.addUser('target-dormant');
      const res = await api.update(user.id, { roleIds: [dormant], version: 1 }, userAdmin());
      expectDenied(res);
      expect(res.body.details.map((d: { permission: string }) => d.permission)).to.deep.equal(['*:*:*']);
    });

    it('lets a caller hand out roles its permissions grant, wildcards included', async () => {
      const created = await api.create({ username: 'granted', password: api.password(), roleIds: [listerRole] }, userAdmin());
      expect(created.status, created.text).to.equal(201);
      const res = await api.update(created.body.data.id, { roleIds: [listerRole, roleAdminRole], version: 1 }, userAdmin(undefined, ['system:role:*']));
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data.roleIds).to.have.members([listerRole, roleAdminRole]);
      expect((await api.addUser('made-admin', { roleIds: [adminRole] })).roleIds).to.deep.equal([adminRole]);
    });

    it('lets a caller edit a user holding a role it could not hand out, but not take that role away nor add it back', async () => {
      const user = await api.addUser('powerful', { roleIds: [roleAdminRole, listerRole] });
      const kept = await api.update(user.id, { nickname: 'Renamed', roleIds: [listerRole, roleAdminRole], version: 1 }, userAdmin());
      expect(kept.status, kept.text).to.equal(200);
      const removed = await api.update(user.id, { roleIds: [listerRole], version: 2 }, userAdmin());
      expectDenied(removed);
      expect(removed.body.details.map((d: { permission: string }) => d.permission)).to.have.members(['system:role:list', 'system:role:edit']);
      expect((await api.update(user.id, { roleIds: [listerRole], version: 2 })).status).to.equal(200);
      expectDenied(await api.update(user.id, { roleIds: [listerRole, roleAdminRole], version: 3 }, userAdmin()));
    });

    it('answers 403 to disabling, enabling or deleting a user whose roles grant more than the caller holds', async () => {
      const user = await api.addUser('untouchable', { roleIds: [roleAdminRole] });
      const disabling = await api.update(user.id, { status: 'disabled', version: 1 }, userAdmin());
      expectDenied(disabling);
      expect(disabling.body.details[0]).to.include({ field: '/body/status', rule: 'escalation', roleId: roleAdminRole });
      expect((await api.update(user.id, { status: 'disabled', version: 1 })).status).to.equal(200);
      expectDenied(await api.update(user.id, { status: 'active', version: 2 }, userAdmin()));
      const removing = await api.remove(user.id, userAdmin());
      expectDenied(removing);
      expect(removing.body.details[0]).to.include({ field: '/params/id', rule: 'escalation' });
      expect((await api.read(user.id)).body.data).to.include({ status: 'disabled', version: 2 });
    });

    it('answers 403 when a role added sees more rows than the caller', async () => {
      const dept = await api.addDepartment('Escalation dept');
      const everything = await api.addRole('sees-all', ['system:user:list'], { dataScope: 'all' });
      const scoped = tokenFor('scoped', ['system:user:*'], {
        rowScope: { all: false, deptIds: [dept], ownerId: null },
        attributes: { dataScopes: ['custom'] },
      });
      const res = await api.create({ username: 'wide-eyed', password: api.password(), deptId: dept, roleIds: [everything] }, scoped);
      expectDenied(res);
      expect(res.body.details).to.deep.equal([
        {
          field: '/body/roleIds',
          rule: 'escalation',
          message: 'role "sees-all" has the data scope "all", which sees more than yours',
          roleId: everything,
          dataScope: 'all',
        },
      ]);
      const narrow = await api.addRole('sees-dept', ['system:user:list'], { dataScope: 'custom', deptIds: [dept] });
      expect((await api.create({ username: 'narrow-eyed', password: api.password(), deptId: dept, roleIds: [narrow] }, scoped)).status).to.equal(201);
    });

    it('answers 403 to a password reset of a user whose roles grant more than the caller holds', async () => {
      const resetter = tokenFor('resetter', ['system:user:*']);
      const powerful = await api.addUser('reset-target', { roleIds: [roleAdminRole] });
      const res = await api.resetPassword(powerful.id, api.password(), resetter);
      expectDenied(res);
      expect(res.body.details.map((d: { permission: string }) => d.permission)).to.have.members(['system:role:list', 'system:role:edit']);
      expectDenied(await api.resetPassword(admin.id, api.password(), resetter));
      const plain = await api.addUser('reset-plain', { roleIds: [listerRole] });
      expect((await api.resetPassword(plain.id, api.password(), resetter)).status).to.equal(200);
    });

    it('lets a caller reset their own password whatever their roles', async () => {
      const me = await api.addUser('reset-self', { roleIds: [roleAdminRole] });
      expect((await api.resetPassword(me.id, api.password(), tokenFor('me', ['system:user:resetPwd'], { userId: me.id }))).status).to.equal(200);
    });
  });

  describe('protected accounts', () => {
    const expectProtected = (res: { status: number; body: { code: string; details: Array<{ message: string }> } }, why: RegExp) => {
      expect(res.status, JSON.stringify(res.body)).to.equal(409);
      expect(res.body.code).to.equal('SYSTEM_USER_PROTECTED_409');
      expect(res.body.details[0].message).to.match(why);
    };

    it('answers 409 SYSTEM_USER_PROTECTED_409 to deleting or disabling the seeded administrator', async () => {
      expectProtected(await api.remove(admin.id), /administrator/);
      expectProtected(await api.update(admin.id, { status: 'disabled', version: admin.version }), /administrator/);
      expect((await api.read(admin.id)).body.data).to.deep.include({ status: 'active', version: admin.version });
    });

    it('still lets the administrator’s other fields be edited', async () => {
      const res = await api.update(admin.id, { nickname: 'The Administrator', version: admin.version });
      expect(res.status, res.text).to.equal(200);
      admin = res.body.data;
    });

    it('answers 409 SYSTEM_USER_PROTECTED_409 to deleting or disabling one’s own account', async () => {
      const me = await api.addUser('self-remover');
      const token = userAdmin(me.id);
      expectProtected(await api.remove(me.id, token), /your own account/);
      expectProtected(await api.update(me.id, { status: 'disabled', version: 1 }, token), /your own account/);
      expect((await api.read(me.id)).status).to.equal(200);
    });

    it('lets a user be disabled and deleted by someone else', async () => {
      const user = await api.addUser('ordinary');
      expect((await api.update(user.id, { status: 'disabled', version: 1 }, userAdmin())).body.data.status).to.equal('disabled');
      expect((await api.remove(user.id, userAdmin())).status).to.equal(200);
    });
  });

  describe('every answer above', () => {
    it('carried neither a password nor a hash', () => {
      expect(api.leaks()).to.deep.equal([]);
    });
  });
});
