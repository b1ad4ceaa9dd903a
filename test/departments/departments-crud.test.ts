import { expect } from 'chai';
import { tokenFor, type TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { departmentsClient, names, startDepartmentsServer, type Department } from './helpers';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NO_SUCH = '01890a5d-ac96-774b-bcce-b302099a8057';

describe('departments: create, read, update', () => {
  let server: TestServer;
  let api: ReturnType<typeof departmentsClient>;
  before(async () => {
    server = await startDepartmentsServer();
    api = departmentsClient(server);
  });
  after(() => server?.stop());

  describe('create and read', () => {
    it('creates a root department: 201 with a UUID v7 id, version 1, defaults and timestamps', async () => {
      const res = await api.create({ name: '  Head office  ' });
      const data = expectSuccess(res, 201).data as Department;
      expect(data).to.include({ parentId: null, name: 'Head office', sort: 0, status: 'active', version: 1 });
      expect(data.id).to.match(UUID_V7);
      expect(Date.parse(data.createdAt)).to.be.closeTo(Date.now(), 60_000);
      expect(data.updatedAt).to.equal(data.createdAt);
      expect(Object.keys(data).sort()).to.deep.equal(['createdAt', 'id', 'name', 'parentId', 'sort', 'status', 'updatedAt', 'version']);
    });

    it('creates a child under a parent, and reads it back as created', async () => {
      const parent = await api.add('Engineering');
      const created = await api.add('Platform', parent.id, { sort: 3, status: 'disabled' });
      expect(created).to.include({ parentId: parent.id, sort: 3, status: 'disabled' });
      const res = await api.read(created.id);
      expect(expectSuccess(res).data).to.deep.equal(created);
    });

    it('answers 400 VALIDATION_FAILED_400 naming /body/parentId for a parent that does not exist', async () => {
      const body = expectError(await api.create({ name: 'Orphan', parentId: NO_SUCH }), 400, 'VALIDATION_FAILED_400');
      expect(detailFor(body, '/body/parentId').message).to.contain(NO_SUCH);
    });

    it('refuses a body property the schema does not declare, a blank name and a negative sort', async () => {
      detailFor(expectError(await api.create({ name: 'Sales', leader: 'ann' }), 400, 'VALIDATION_FAILED_400'), '/body/leader');
      detailFor(expectError(await api.create({ name: '   ' }), 400, 'VALIDATION_FAILED_400'), '/body/name');
      detailFor(expectError(await api.create({ name: 'Sales', sort: -1 }), 400, 'VALIDATION_FAILED_400'), '/body/sort');
      detailFor(expectError(await api.create({ name: 'Sales', status: 'ACTIVE' }), 400, 'VALIDATION_FAILED_400'), '/body/status');
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for a department that does not exist', async () => {
      expectError(await api.read(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('authentication and permissions', () => {
    it('answers 401 AUTH_TOKEN_MISSING_401 without a token', async () => {
      expectError(await api.http().get('/api/v1/departments'), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.http().get('/api/v1/departments/tree'), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.http().post('/api/v1/departments').send({ name: 'X' }), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('answers 403 PERM_DENIED_403 to a caller without the route’s permission', async () => {
      const dept = await api.add('Guarded');
      const reader = tokenFor('reader', ['system:dept:list', 'system:dept:query']);
      expectSuccess(await api.read(dept.id, reader));
      expectError(await api.create({ name: 'Nope' }, reader), 403, 'PERM_DENIED_403');
      expectError(await api.update(dept.id, { name: 'Nope', version: 1 }, reader), 403, 'PERM_DENIED_403');
      expectError(await api.remove(dept.id, reader), 403, 'PERM_DENIED_403');
      const nobody = tokenFor('nobody', []);
      expectError(await api.list({}, nobody), 403, 'PERM_DENIED_403');
      expectError(await api.tree({}, nobody), 403, 'PERM_DENIED_403');
      expectError(await api.read(dept.id, nobody), 403, 'PERM_DENIED_403');
    });
  });

  describe('update', () => {
    it('changes the fields sent, keeps the others and moves the version on', async () => {
      const dept = await api.add('Finance', null, { sort: 5 });
      const res = await api.update(dept.id, { name: 'Finance & Tax', version: 1 });
      const data = expectSuccess(res).data as Department;
      expect(data).to.include({ id: dept.id, name: 'Finance & Tax', sort: 5, status: 'active', parentId: null, version: 2 });
      expect(Date.parse(data.updatedAt)).to.be.at.least(Date.parse(dept.updatedAt));
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to a stale version, and keeps the department', async () => {
      const dept = await api.add('Legal');
      expectSuccess(await api.update(dept.id, { name: 'Legal affairs', version: 1 }));
      const stale = expectError(await api.update(dept.id, { name: 'Counsel', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409');
      detailFor(stale, '/body/version');
      expect((await api.read(dept.id)).body.data).to.include({ name: 'Legal affairs', version: 2 });
    });

    it('lets one of several concurrent updates from the same version through', async () => {
      const dept = await api.add('Contested');
      const results = await Promise.all(['One', 'Two', 'Three'].map((name) => api.update(dept.id, { name, version: 1 })));
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 409, 409]);
    });

    it('requires the version', async () => {
      const dept = await api.add('Versionless');
      detailFor(expectError(await api.update(dept.id, { name: 'X' }), 400, 'VALIDATION_FAILED_400'), '/body/version');
    });

    it('answers 404 for a department that does not exist', async () => {
      expectError(await api.update(NO_SUCH, { name: 'X', version: 1 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('names are unique among siblings', () => {
    it('answers 409 SYSTEM_DEPT_DUPLICATED_409 for a sibling’s name in any case, roots included', async () => {
      const parent = await api.add('Operations');
      await api.add('Support', parent.id);
      const dup = expectError(await api.create({ name: 'SUPPORT', parentId: parent.id }), 409, 'SYSTEM_DEPT_DUPLICATED_409');
      detailFor(dup, '/body/name');
      await api.add('Research');
      expectError(await api.create({ name: 'research' }), 409, 'SYSTEM_DEPT_DUPLICATED_409');
    });

    it('allows the same name under different parents', async () => {
      const a = await api.add('North');
      const b = await api.add('South');
      await api.add('Warehouse', a.id);
      await api.add('Warehouse', b.id);
    });

    it('answers 409 SYSTEM_DEPT_DUPLICATED_409 to a rename onto a sibling’s name', async () => {
      const parent = await api.add('Marketing');
      await api.add('Brand', parent.id);
      const events = await api.add('Events', parent.id);
      detailFor(expectError(await api.update(events.id, { name: 'brand', version: 1 }), 409, 'SYSTEM_DEPT_DUPLICATED_409'), '/body/name');
      expect((await api.read(events.id)).body.data).to.include({ name: 'Events', version: 1 });
    });

    it('answers 409 SYSTEM_DEPT_DUPLICATED_409 to a move next to a sibling of the same name', async () => {
      const from = await api.add('Region A');
      const to = await api.add('Region B');
      await api.add('Depot', to.id);
      const moving = await api.add('Depot', from.id);
      expectError(await api.update(moving.id, { parentId: to.id, version: 1 }), 409, 'SYSTEM_DEPT_DUPLICATED_409');
      expect((await api.read(moving.id)).body.data).to.include({ parentId: from.id, version: 1 });
    });

    it('gives exactly one 201 to ten concurrent creates of the same name', async () => {
      const parent = await api.add('Race track');
      const results = await Promise.all(Array.from({ length: 10 }, () => api.create({ name: 'Pit lane', parentId: parent.id })));
      expect(results.filter((r) => r.status === 201)).to.have.length(1);
      const losers = results.filter((r) => r.status !== 201);
      expect(losers.map((r) => r.body.code)).to.deep.equal(Array(9).fill('SYSTEM_DEPT_DUPLICATED_409'));
      expect(names(await api.list({ parentId: parent.id }))).to.deep.equal(['Pit lane']);
    });

    it('gives exactly one 201 to ten concurrent creates of the same root name', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => api.create({ name: 'Top level race' })));
      expect(results.filter((r) => r.status === 201)).to.have.length(1);
      expect(results.filter((r) => r.status === 409)).to.have.length(9);
    });
  });
});
