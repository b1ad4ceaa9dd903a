import { expect } from 'chai';
import type { TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { departmentsClient, shape, startDepartmentsServer, type Department, type DepartmentNode } from './helpers';

describe('departments: the tree and moves', () => {
  let server: TestServer;
  let api: ReturnType<typeof departmentsClient>;
  const tree = async (query: Record<string, unknown> = {}) => (expectSuccess(await api.tree(query)).data as { items: DepartmentNode[] }).items;

  before(async () => {
    server = await startDepartmentsServer();
    api = departmentsClient(server);
  });
  after(() => server?.stop());

  describe('GET /departments/tree', () => {
    it('nests departments in children, siblings ordered by sort then name', async () => {
      const b = await api.add('B', null, { sort: 2 });
      const a = await api.add('A', null, { sort: 2 });
      await api.add('Z', null, { sort: 1 });
      await api.add('A2', a.id, { sort: 1 });
      const a1 = await api.add('A1', a.id, { sort: 1 });
      await api.add('A0', a.id, { sort: 9 });
      await api.add('A1x', a1.id);
      await api.add('B1', b.id);
      expect(shape(await tree())).to.equal('Z,A(A1(A1x),A2,A0),B(B1)');
    });

    it('gives each node every department field besides its children', async () => {
      const [first] = await tree();
      expect(Object.keys(first).sort()).to.deep.equal(['children', 'createdAt', 'id', 'name', 'parentId', 'sort', 'status', 'updatedAt', 'version']);
      const read = (await api.read(first.id)).body.data as Department;
      const { children: _children, ...fields } = first;
      expect(fields).to.deep.equal(read);
    });

    it('filters by status; a department whose parent is filtered out becomes a root', async () => {
      const off = await api.add('Off', null, { sort: 100, status: 'disabled' });
      const on = await api.add('On under off', off.id);
      const roots = await tree({ status: 'active' });
      expect(roots.map((n) => n.id))
        .to.include(on.id)
        .and.not.include(off.id);
      expect(roots.find((n) => n.id === on.id)).to.include({ parentId: off.id });
      expect(shape((await tree()).filter((n) => n.id === off.id))).to.equal('Off(On under off)');
    });
  });

  describe('moves', () => {
    let root: Department;
    let child: Department;
    let grandchild: Department;
    beforeEach(async () => {
      const suffix = Math.random().toString(36).slice(2, 8);
      root = await api.add(`Root ${suffix}`, null, { sort: 500 });
      child = await api.add('Child', root.id);
      grandchild = await api.add('Grandchild', child.id);
    });

    it('moves a department with its subtree under another parent', async () => {
      const target = await api.add(`Target ${Math.random()}`, null, { sort: 600 });
      const res = await api.update(child.id, { parentId: target.id, version: 1 });
      expect(expectSuccess(res).data).to.include({ parentId: target.id, version: 2 });
      const nodes = await tree();
      expect(shape(nodes.filter((n) => n.id === target.id))).to.equal(`${target.name}(Child(Grandchild))`);
      expect(shape(nodes.filter((n) => n.id === root.id))).to.equal(root.name);
    });

    it('moves a department to the roots with parentId null', async () => {
      const res = await api.update(grandchild.id, { parentId: null, version: 1 });
      expect(expectSuccess(res).data).to.include({ parentId: null, version: 2 });
    });

    it('answers 409 SYSTEM_DEPT_CYCLE_409 to a move under itself', async () => {
      const body = expectError(await api.update(child.id, { parentId: child.id, version: 1 }), 409, 'SYSTEM_DEPT_CYCLE_409');
      detailFor(body, '/body/parentId');
    });

    it('answers 409 SYSTEM_DEPT_CYCLE_409 to a move under its own child or a deeper descendant, and changes nothing', async () => {
      expectError(await api.update(root.id, { parentId: child.id, version: 1 }), 409, 'SYSTEM_DEPT_CYCLE_409');
      expectError(await api.update(root.id, { parentId: grandchild.id, name: 'Renamed', version: 1 }), 409, 'SYSTEM_DEPT_CYCLE_409');
      expect((await api.read(root.id)).body.data).to.include({ parentId: null, name: root.name, version: 1 });
    });

    it('never closes a cycle when two crossing moves race', async () => {
      const left = await api.add('Left', root.id);
      const right = await api.add('Right', root.id);
      const [one, two] = await Promise.all([api.update(left.id, { parentId: right.id, version: 1 }), api.update(right.id, { parentId: left.id, version: 1 })]);
      expect([one.status, two.status].sort()).to.deep.equal([200, 409]);
      expect([one, two].find((r) => r.status === 409)!.body.code).to.equal('SYSTEM_DEPT_CYCLE_409');
      expect(shape((await tree()).filter((n) => n.id === root.id))).to.match(/\((Child\(Grandchild\),)?(Left\(Right\)|Right\(Left\))/);
    });

    it('answers 400 VALIDATION_FAILED_400 naming /body/parentId for a new parent that does not exist', async () => {
      const body = expectError(await api.update(child.id, { parentId: '01890a5d-ac96-774b-bcce-b302099a8057', version: 1 }), 400, 'VALIDATION_FAILED_400');
      detailFor(body, '/body/parentId');
    });
  });
});
