import { expect } from 'chai';
import { ADMIN, tokenFor, type TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { departmentsClient, shape, startDepartmentsServer, type Department, type DepartmentNode } from './helpers';

const DEPT_PERMISSIONS = ['system:dept:list', 'system:dept:query', 'system:dept:add', 'system:dept:edit', 'system:dept:remove'];
const NO_SUCH = '01890a5d-ac96-774b-bcce-b302099a8057';

/** A caller holding every department permission, whose data scope is these departments. */
function scopedTo(deptIds: string[], extra: string[] = []): string {
  return tokenFor(`scoped-${deptIds.length}`, [...DEPT_PERMISSIONS, ...extra], { rowScope: { all: false, deptIds, ownerId: null } });
}

/**
 * The tree the tests share:
 *   Root ─┬─ A ── A1 ── A1a
 *         └─ B ── B1
 *   Other
 */
describe('departments: data scope', () => {
  let server: TestServer;
  let api: ReturnType<typeof departmentsClient>;
  let root: Department, a: Department, a1: Department, a1a: Department, b: Department, b1: Department, other: Department;
  const everyone = () => [root, a, a1, a1a, b, b1, other];
  const listed = async (token: string, query: Record<string, unknown> = {}) => {
    const data = expectSuccess(await api.list(query, token)).data as { items: Department[]; total: number };
    return { names: data.items.map((d) => d.name).sort(), total: data.total };
  };
  const treeOf = async (token: string) => (expectSuccess(await api.tree({}, token)).data as { items: DepartmentNode[] }).items;

  before(async () => {
    server = await startDepartmentsServer();
    api = departmentsClient(server);
    root = await api.add('Root', null, { sort: 1 });
    a = await api.add('A', root.id);
    a1 = await api.add('A1', a.id);
    a1a = await api.add('A1a', a1.id);
    b = await api.add('B', root.id);
    b1 = await api.add('B1', b.id);
    other = await api.add('Other', null, { sort: 2 });
  });
  after(() => server?.stop());

  describe('a scope of some departments', () => {
    const token = () => scopedTo([a.id, a1.id, b1.id]);

    it('lists only the departments in scope, and counts only them in total', async () => {
      expect(await listed(token())).to.deep.equal({ names: ['A', 'A1', 'B1'], total: 3 });
      const page = expectSuccess(await api.list({ pageSize: 1 }, token())).data as { items: Department[]; total: number };
      expect(page.items).to.have.length(1);
      expect(page.total).to.equal(3);
      expect(await listed(token(), { parentId: root.id })).to.deep.equal({ names: ['A'], total: 1 });
    });

    it('shows the tree in scope: a department whose parent is out of scope is a root', async () => {
      expect(shape(await treeOf(token()))).to.equal('A(A1),B1');
    });

    it('reads a department in scope, and answers 404 for one outside it', async () => {
      expectSuccess(await api.read(a1.id, token()));
      expectError(await api.read(root.id, token()), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.read(a1a.id, token()), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('answers 404 to an update or a delete of a department outside it, and leaves it as it was', async () => {
      expectError(await api.update(other.id, { name: 'Taken over', version: 1 }, token()), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.remove(other.id, token()), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expect((await api.read(other.id)).body.data).to.include({ name: 'Other', version: 1 });
    });

    it('treats a parent outside it as absent: 400 naming /body/parentId on create and on move', async () => {
      detailFor(expectError(await api.create({ name: 'Sneaky', parentId: other.id }, token()), 400, 'VALIDATION_FAILED_400'), '/body/parentId');
      detailFor(expectError(await api.update(a1.id, { parentId: other.id, version: 1 }, token()), 400, 'VALIDATION_FAILED_400'), '/body/parentId');
      expect((await api.read(a1.id)).body.data).to.include({ parentId: a.id, version: 1 });
    });

    it('still refuses to delete a department whose children are all outside it', async () => {
      const body = expectError(await api.remove(a1.id, token()), 409, 'SYSTEM_DEPT_IN_USE_409');
      expect(body.details.map((d) => d.message)).to.deep.equal(['sub-departments: 1']);
    });

    it('still refuses a cycle that passes through departments outside it', async () => {
      // A1 (out of this scope) lies between A and A1a.
      const skipping = scopedTo([a.id, a1a.id]);
      expectError(await api.update(a.id, { parentId: a1a.id, version: 1 }, skipping), 409, 'SYSTEM_DEPT_CYCLE_409');
    });
  });

  describe('an empty scope', () => {
    const token = () => scopedTo([]);

    it('sees nothing: empty list with total 0, empty tree, 404 on read, update and delete', async () => {
      expect(await listed(token())).to.deep.equal({ names: [], total: 0 });
      expect(await treeOf(token())).to.deep.equal([]);
      expectError(await api.read(root.id, token()), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.update(root.id, { sort: 9, version: 1 }, token()), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.remove(other.id, token()), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('sees nothing when the scope holds only the caller’s own rows (departments have no owner)', async () => {
      const self = tokenFor('self', DEPT_PERMISSIONS, { rowScope: { all: false, deptIds: [], ownerId: 'user-self' } });
      expect(await listed(self)).to.deep.equal({ names: [], total: 0 });
    });
  });

  describe('a scope of all', () => {
    it('sees every department', async () => {
      const all = tokenFor('all', DEPT_PERMISSIONS, { rowScope: { all: true, deptIds: [], ownerId: null } });
      expect(await listed(all)).to.deep.equal({
        names: everyone()
          .map((d) => d.name)
          .sort(),
        total: everyone().length,
      });
      expect(shape(await treeOf(all))).to.equal('Root(A(A1(A1a)),B(B1)),Other');
      expectSuccess(await api.read(a1a.id, all));
    });
  });

  describe('departments.DepartmentTree, called from another module’s row-scoped route', () => {
    const ask = (id: string, ids: string[], token: string) =>
      server
        .http()
        .get(`/api/v1/dept-tree-probe/${id}`)
        .query({ ids: ids.join(',') })
        .set('Authorization', token);

    it('answers for the whole tree whatever the caller’s scope', async () => {
      const nothing = tokenFor('probe', ['dept-tree-probe:tree:query'], { rowScope: { all: false, deptIds: [], ownerId: null } });
      const some = tokenFor('probe', ['dept-tree-probe:tree:query'], { rowScope: { all: false, deptIds: [b1.id], ownerId: null } });
      const byDepth = [[root.id], [a.id, b.id].sort(), [a1.id, b1.id].sort(), [a1a.id]].flat();
      for (const token of [nothing, some, ADMIN]) {
        const data = expectSuccess(await ask(root.id, [a1a.id, NO_SUCH, other.id, 'not-an-id'], token)).data;
        expect(data).to.deep.equal({ exists: true, missing: [NO_SUCH, 'not-an-id'], withDescendants: byDepth });
      }
    });

    it('answers false, the id and [] for a department that does not exist', async () => {
      const data = expectSuccess(await ask(NO_SUCH, [NO_SUCH, NO_SUCH], ADMIN)).data;
      expect(data).to.deep.equal({ exists: false, missing: [NO_SUCH], withDescendants: [] });
      expect(expectSuccess(await ask(a1a.id, [], ADMIN)).data).to.deep.equal({ exists: true, missing: [], withDescendants: [a1a.id] });
    });
  });
});
