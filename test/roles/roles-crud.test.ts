import { expect } from 'chai';
import type { TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN_ROLE_ID, rolesClient, startRolesServer, type Role } from './helpers';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NO_SUCH = '01890a5d-ac96-774b-bcce-b302099a8057';

describe('roles: create, read, update, delete', () => {
  let server: TestServer;
  let api: ReturnType<typeof rolesClient>;
  before(async () => {
    server = await startRolesServer();
    api = rolesClient(server);
  });
  after(() => server?.stop());

  describe('the seeded administrator role', () => {
    it('exists on a fresh database: code admin, *:*:*, data scope all, active', async () => {
      const data = expectSuccess(await api.read(ADMIN_ROLE_ID)).data as Role;
      expect(data).to.include({ id: ADMIN_ROLE_ID, code: 'admin', status: 'active', dataScope: 'all', version: 1 });
      expect(data.permissions).to.deep.equal(['*:*:*']);
      expect(data.deptIds).to.deep.equal([]);
    });
  });

  describe('create and read', () => {
    it('creates a role: 201 with a UUID v7 id, version 1, the defaults and timestamps', async () => {
      const data = expectSuccess(await api.create({ code: 'auditor', name: 'Auditor' }), 201).data as Role;
      expect(data).to.include({ code: 'auditor', name: 'Auditor', status: 'active', dataScope: 'self', remark: null, version: 1 });
      expect(data.permissions).to.deep.equal([]);
      expect(data.deptIds).to.deep.equal([]);
      expect(data.id).to.match(UUID_V7);
      expect(Date.parse(data.createdAt)).to.be.closeTo(Date.now(), 60_000);
      expect(data.updatedAt).to.equal(data.createdAt);
      expect(Object.keys(data).sort()).to.deep.equal([
        'code',
        'createdAt',
        'dataScope',
        'deptIds',
        'id',
        'name',
        'permissions',
        'remark',
        'status',
        'updatedAt',
        'version',
      ]);
    });

    it('keeps permissions with wildcard segments, sorted, and reads the role back as created', async () => {
      const created = await api.add('operator', { permissions: ['system:user:list', 'system:*:query', '*:*:list'], remark: 'Day shift', status: 'disabled' });
      expect(created.permissions).to.deep.equal(['*:*:list', 'system:*:query', 'system:user:list']);
      expect(created).to.include({ remark: 'Day shift', status: 'disabled' });
      expect(expectSuccess(await api.read(created.id)).data).to.deep.equal(created);
    });

    it('keeps the departments of a custom data scope, which must exist', async () => {
      const sales = await api.department('Sales');
      const created = await api.add('sales-desk', { dataScope: 'custom', deptIds: [sales] });
      expect(created).to.include({ dataScope: 'custom' });
      expect(created.deptIds).to.deep.equal([sales]);
      const body = expectError(
        await api.create({ code: 'ghost-desk', name: 'Ghost', dataScope: 'custom', deptIds: [sales, NO_SUCH] }),
        400,
        'VALIDATION_FAILED_400',
      );
      expect(detailFor(body, '/body/deptIds').message).to.contain(NO_SUCH);
    });

    it('answers 400 naming /body/deptIds for departments given with a scope other than custom', async () => {
      const sales = await api.department('Sales 2');
      const body = expectError(await api.create({ code: 'misfit', name: 'Misfit', dataScope: 'dept', deptIds: [sales] }), 400, 'VALIDATION_FAILED_400');
      detailFor(body, '/body/deptIds');
    });

    it('refuses a property the schema does not declare, malformed codes and permissions', async () => {
      detailFor(expectError(await api.create({ code: 'x1', name: 'X', holders: 3 }), 400, 'VALIDATION_FAILED_400'), '/body/holders');
      detailFor(expectError(await api.create({ code: '1abc', name: 'X' }), 400, 'VALIDATION_FAILED_400'), '/body/code');
      detailFor(expectError(await api.create({ code: 'x2', name: '   ' }), 400, 'VALIDATION_FAILED_400'), '/body/name');
      detailFor(expectError(await api.create({ code: 'x3', name: 'X', dataScope: 'everything' }), 400, 'VALIDATION_FAILED_400'), '/body/dataScope');
      for (const bad of ['system:user', 'system:user:list:all', 'system::list', 'sys tem:user:list', '1system:user:list', 'system:us*:list']) {
        const body = expectError(await api.create({ code: 'x4', name: 'X', permissions: [bad] }), 400, 'VALIDATION_FAILED_400');
        expect(
          body.details.some((d) => d.field?.startsWith('/body/permissions')),
          bad,
        ).to.equal(true);
      }
      detailFor(expectError(await api.create({ code: 'x5', name: 'X', permissions: ['a:b:c', 'a:b:c'] }), 400, 'VALIDATION_FAILED_400'), '/body/permissions');
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for a role that does not exist', async () => {
      expectError(await api.read(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.update(NO_SUCH, { name: 'X', version: 1 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.remove(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('unique codes', () => {
    it('answers 409 SYSTEM_ROLE_DUPLICATED_409 naming /body/code for a taken code, whatever its case', async () => {
      await api.add('editor');
      detailFor(expectError(await api.create({ code: 'editor', name: 'Again' }), 409, 'SYSTEM_ROLE_DUPLICATED_409'), '/body/code');
      expectError(await api.create({ code: 'EDITOR', name: 'Shouting' }), 409, 'SYSTEM_ROLE_DUPLICATED_409');
      expectError(await api.create({ code: 'Admin', name: 'Another admin' }), 409, 'SYSTEM_ROLE_DUPLICATED_409');
    });

    it('lets exactly one of 10 concurrent creates of one code through; the others get 409', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => api.create({ code: 'racer', name: `Racer ${i}` })));
      expect(results.filter((r) => r.status === 201)).to.have.length(1);
      for (const res of results.filter((r) => r.status !== 201)) expectError(res, 409, 'SYSTEM_ROLE_DUPLICATED_409');
      expect((await api.list({ keyword: 'racer' })).body.data.total).to.equal(1);
    });

    it('answers 409 SYSTEM_ROLE_DUPLICATED_409 when an update takes another role’s code', async () => {
      await api.add('reviewer');
      const other = await api.add('drafter');
      expectError(await api.update(other.id, { code: 'Reviewer', version: other.version }), 409, 'SYSTEM_ROLE_DUPLICATED_409');
    });
  });

  describe('update', () => {
    it('changes the fields sent, keeps the others, and moves the version on', async () => {
      const role = await api.add('planner', { permissions: ['system:user:list'], remark: 'Plans' });
      const data = expectSuccess(await api.update(role.id, { name: 'Chief planner', version: 1 })).data as Role;
      expect(data).to.include({ code: 'planner', name: 'Chief planner', remark: 'Plans', version: 2 });
      expect(data.permissions).to.deep.equal(['system:user:list']);
      expect(Date.parse(data.updatedAt)).to.be.at.least(Date.parse(role.updatedAt));
      expect(expectSuccess(await api.read(role.id)).data).to.deep.equal(data);
    });

    it('replaces the permissions and moves the version on when only they change', async () => {
      const role = await api.add('swapper', { permissions: ['system:user:list', 'system:user:query'] });
      const data = expectSuccess(await api.update(role.id, { permissions: ['system:user:query', 'system:dept:list'], version: 1 })).data as Role;
      expect(data.permissions).to.deep.equal(['system:dept:list', 'system:user:query']);
      expect(data.version).to.equal(2);
      expect((expectSuccess(await api.read(role.id)).data as Role).permissions).to.deep.equal(['system:dept:list', 'system:user:query']);
    });

    it('drops the departments of a role that leaves the custom scope', async () => {
      const dept = await api.department('Support');
      const role = await api.add('support-desk', { dataScope: 'custom', deptIds: [dept] });
      const data = expectSuccess(await api.update(role.id, { dataScope: 'dept', version: 1 })).data as Role;
      expect(data).to.include({ dataScope: 'dept' });
      expect(data.deptIds).to.deep.equal([]);
    });

    it('lets exactly one of 8 concurrent updates from one version through; the others get 409 SYSTEM_VERSION_CONFLICT_409', async () => {
      const role = await api.add('contested', { permissions: ['a:b:c'] });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => api.update(role.id, { permissions: ['a:b:c', 'shared:row:x', `only:mine:p${i}`], version: 1 })),
      );
      expect(results.map((r) => r.status).filter((s) => s === 200)).to.have.length(1);
      for (const res of results.filter((r) => r.status !== 200)) expectError(res, 409, 'SYSTEM_VERSION_CONFLICT_409');
      const winner = results.find((r) => r.status === 200)!.body.data as Role;
      expect(expectSuccess(await api.read(role.id)).data).to.deep.equal(winner);
      expect(winner.version).to.equal(2);
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 for a stale version, and 400 without one', async () => {
      const role = await api.add('stale');
      expectSuccess(await api.update(role.id, { name: 'Fresh', version: 1 }));
      detailFor(expectError(await api.update(role.id, { name: 'Late', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/body/version');
      detailFor(expectError(await api.update(role.id, { name: 'No version' }), 400, 'VALIDATION_FAILED_400'), '/body/version');
      expect((expectSuccess(await api.read(role.id)).data as Role).name).to.equal('Fresh');
    });
  });

  describe('delete', () => {
    it('deletes a role no one holds: 200 with {}, and it is gone', async () => {
      const role = await api.add('temporary', { permissions: ['system:user:list'] });
      expect(expectSuccess(await api.remove(role.id)).data).to.deep.equal({});
      expectError(await api.read(role.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 for a stale ?version= and deletes with the current one', async () => {
      const role = await api.add('versioned');
      await api.update(role.id, { name: 'Versioned 2', version: 1 });
      expectError(await api.remove(role.id, undefined, { version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409');
      expectSuccess(await api.remove(role.id, undefined, { version: 2 }));
    });

    it('answers 409 SYSTEM_ROLE_IN_USE_409 while a roles.usage contribution counts holders, and deletes once none do', async () => {
      const role = await api.add('held');
      await api.holders(role.id, 2);
      const body = expectError(await api.remove(role.id), 409, 'SYSTEM_ROLE_IN_USE_409');
      expect(detailFor(body, '/params/id').message).to.equal('held by 2 probes');
      await api.holders(role.id, 0);
      expectSuccess(await api.remove(role.id));
    });
  });

  describe('role-changed events', () => {
    it('publishes roles.role-changed { roleId } after a create, an update and a delete', async () => {
      const role = await api.add('announced');
      await api.update(role.id, { name: 'Announced 2', version: 1 });
      await api.remove(role.id);
      let heard: string[] = [];
      for (let i = 0; i < 50 && heard.length < 3; i++) {
        heard = (await api.changes()).filter((id) => id === role.id);
        if (heard.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(heard).to.deep.equal([role.id, role.id, role.id]);
    });
  });
});
