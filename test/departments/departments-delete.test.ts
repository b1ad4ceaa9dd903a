import { expect } from 'chai';
import { ADMIN, tokenFor, type TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { departmentsClient, startDepartmentsServer } from './helpers';

describe('departments: delete, usage and events', () => {
  let server: TestServer;
  let api: ReturnType<typeof departmentsClient>;
  const setProbes = (deptId: string, count: number) => server.http().put(`/api/v1/dept-usage-probe/${deptId}`).set('Authorization', ADMIN).send({ count });
  const treeEvents = async () => (await server.http().get('/api/v1/dept-tree-probe-events').set('Authorization', ADMIN)).body.data.events as unknown[];

  before(async () => {
    server = await startDepartmentsServer();
    api = departmentsClient(server);
  });
  after(() => server?.stop());

  describe('delete', () => {
    it('removes a department: 200 with {}, then it is gone', async () => {
      const dept = await api.add('Temporary');
      const res = await api.remove(dept.id);
      expect(expectSuccess(res).data).to.deep.equal({});
      expectError(await api.read(dept.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.remove(dept.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('honours ?version=: a stale one is 409 SYSTEM_VERSION_CONFLICT_409, the current one deletes', async () => {
      const dept = await api.add('Versioned');
      expectSuccess(await api.update(dept.id, { sort: 4, version: 1 }));
      detailFor(expectError(await api.remove(dept.id, ADMIN, { version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/query/version');
      expectSuccess(await api.remove(dept.id, ADMIN, { version: 2 }));
    });

    it('answers 409 SYSTEM_DEPT_IN_USE_409 while the department has children, saying how many', async () => {
      const parent = await api.add('Parent');
      const first = await api.add('First', parent.id);
      await api.add('Second', parent.id);
      const body = expectError(await api.remove(parent.id), 409, 'SYSTEM_DEPT_IN_USE_409');
      expect(body.details.map((d) => d.message)).to.deep.equal(['sub-departments: 2']);
      expectSuccess(await api.read(parent.id));
      expectSuccess(await api.remove(first.id));
      expect(expectError(await api.remove(parent.id), 409, 'SYSTEM_DEPT_IN_USE_409').details[0].message).to.equal('sub-departments: 1');
    });

    it('answers 409 SYSTEM_DEPT_IN_USE_409 while a departments.usage contribution counts rows in it', async () => {
      const dept = await api.add('Staffed');
      expectSuccess(await setProbes(dept.id, 3));
      const body = expectError(await api.remove(dept.id), 409, 'SYSTEM_DEPT_IN_USE_409');
      expect(body.details.map((d) => d.message)).to.deep.equal(['probes: 3']);
      expectSuccess(await setProbes(dept.id, 0));
      expectSuccess(await api.remove(dept.id));
    });

    it('names every reason at once: children and usage', async () => {
      const dept = await api.add('Busy');
      await api.add('Busy child', dept.id);
      await setProbes(dept.id, 1);
      const body = expectError(await api.remove(dept.id), 409, 'SYSTEM_DEPT_IN_USE_409');
      expect(body.details.map((d) => d.message)).to.have.members(['sub-departments: 1', 'probes: 1']);
    });

    it('never leaves an orphan when a delete races the create of a child', async () => {
      for (let round = 0; round < 5; round += 1) {
        const parent = await api.add(`Raced parent ${round}`);
        const [removed, created] = await Promise.all([api.remove(parent.id), api.create({ name: 'Raced child', parentId: parent.id })]);
        // Either the delete came first (and the child has no parent to go under) or the create did.
        expect(`${removed.status}/${created.status}`).to.be.oneOf(['200/400', '409/201']);
      }
    });

    it('stops counting a contribution once its module is disabled', async () => {
      const dept = await api.add('Probed');
      await setProbes(dept.id, 5);
      expectError(await api.remove(dept.id), 409, 'SYSTEM_DEPT_IN_USE_409');
      expectSuccess(await server.http().post('/api/v1/system/modules/dept-usage-probe/disable').set('Authorization', ADMIN));
      try {
        expectSuccess(await api.remove(dept.id));
      } finally {
        expectSuccess(await server.http().post('/api/v1/system/modules/dept-usage-probe/enable').set('Authorization', ADMIN));
      }
    });
  });

  describe('departments.tree-changed', () => {
    it('is published after a create, a move and a delete, with the department’s id', async () => {
      const before = (await treeEvents()).length;
      const a = await api.add('Evented A');
      const b = await api.add('Evented B');
      expectSuccess(await api.update(b.id, { parentId: a.id, version: 1 }));
      expectSuccess(await api.update(b.id, { parentId: a.id, name: 'Evented B2', version: 2 }));
      expectSuccess(await api.remove(b.id));
      expect((await treeEvents()).slice(before)).to.deep.equal([{ deptId: a.id }, { deptId: b.id }, { deptId: b.id }, { deptId: b.id }]);
    });

    it('is not published by a change that leaves the tree as it was, nor by a refused write', async () => {
      const dept = await api.add('Quiet');
      const before = (await treeEvents()).length;
      expectSuccess(await api.update(dept.id, { name: 'Quieter', sort: 7, status: 'disabled', version: 1 }));
      expectError(await api.create({ name: 'quieter' }), 409, 'SYSTEM_DEPT_DUPLICATED_409');
      expectError(await api.update(dept.id, { parentId: dept.id, version: 2 }), 409, 'SYSTEM_DEPT_CYCLE_409');
      expectError(await api.remove(dept.id, tokenFor('viewer', ['system:dept:list'])), 403, 'PERM_DENIED_403');
      expect((await treeEvents()).slice(before)).to.deep.equal([]);
    });
  });
});
