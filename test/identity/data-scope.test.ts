import { expect } from 'chai';
import { createRole, createUserAndLogin, uniqueName, type Tokens } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

/**
 * Data scope end to end: real roles, real logins, the auth module turning roles into a row scope
 * and the kernel's filter applying it to the users module's list, count and single reads. The
 * department tree: root ─ a ─ a1, and root ─ b; one user in each; every viewer sits in `a`.
 */
describe('data scope, from roles to rows', () => {
  let server: TestServer;
  const dept: Record<'root' | 'a' | 'a1' | 'b', string> = { root: '', a: '', a1: '', b: '' };
  const member: Record<keyof typeof dept, string> = { root: '', a: '', a1: '', b: '' };
  const READ = ['system:user:list', 'system:user:query'];

  before(async () => {
    server = await startTestServer();
    const addDept = async (name: string, parentId: string | null) => {
      const res = await server.http().post('/api/v1/departments').set('Authorization', ADMIN).send({ name, parentId, sort: 0 });
      expect(res.status, res.text).to.equal(201);
      return res.body.data.id as string;
    };
    dept.root = await addDept('Root', null);
    dept.a = await addDept('A', dept.root);
    dept.a1 = await addDept('A1', dept.a);
    dept.b = await addDept('B', dept.root);
    for (const name of Object.keys(dept) as (keyof typeof dept)[]) {
      const res = await server
        .http()
        .post('/api/v1/users')
        .set('Authorization', ADMIN)
        .send({ username: uniqueName(`in-${name}`), password: 'a-member-password-1', deptId: dept[name] });
      expect(res.status, res.text).to.equal(201);
      member[name] = res.body.data.id;
    }
  });
  after(() => server?.stop());

  /** A viewer in department `a` holding roles with these scopes. */
  async function viewer(...scopes: Array<{ dataScope: 'all' | 'custom' | 'dept' | 'dept_and_children' | 'self'; deptIds?: string[] }>) {
    const roleIds: string[] = [];
    for (const scope of scopes) roleIds.push((await createRole(server, { permissions: READ, ...scope })).id);
    return createUserAndLogin(server, { roleIds, deptId: dept.a });
  }

  async function visible(tokens: Tokens): Promise<{ ids: string[]; total: number }> {
    const res = await server.http().get('/api/v1/users').query({ pageSize: 200 }).set('Authorization', tokens.bearer);
    expect(res.status, res.text).to.equal(200);
    return { ids: (res.body.data.items as { id: string }[]).map((u) => u.id), total: res.body.data.total };
  }

  const members = (...names: (keyof typeof dept)[]) => names.map((n) => member[n]);

  async function expectSees(tokens: Tokens, selfId: string, expected: string[], hidden: string[]) {
    const { ids, total } = await visible(tokens);
    expect(ids.filter((id) => Object.values(member).includes(id) || id === selfId)).to.have.members(expected);
    expect(total).to.equal(ids.length);
    for (const id of expected) expect((await server.http().get(`/api/v1/users/${id}`).set('Authorization', tokens.bearer)).status, `read ${id}`).to.equal(200);
    for (const id of hidden) {
      const res = await server.http().get(`/api/v1/users/${id}`).set('Authorization', tokens.bearer);
      expect(res.status, `read ${id}`).to.equal(404);
      expect(res.body.code).to.equal('SYSTEM_RESOURCE_NOT_FOUND_404');
    }
  }

  it('all: sees every user, the administrator without a department included', async () => {
    const me = await viewer({ dataScope: 'all' });
    const { ids, total } = await visible(me.tokens);
    expect(ids).to.include.members([...members('root', 'a', 'a1', 'b'), me.id]);
    expect(total).to.be.greaterThan(5);
  });

  it('dept: sees the users of its own department only', async () => {
    const me = await viewer({ dataScope: 'dept' });
    await expectSees(me.tokens, me.id, [member.a, me.id], members('root', 'a1', 'b'));
  });

  it('dept_and_children: sees its department and every department below it', async () => {
    const me = await viewer({ dataScope: 'dept_and_children' });
    await expectSees(me.tokens, me.id, [member.a, member.a1, me.id], members('root', 'b'));
  });

  it('custom: sees exactly the departments the role names', async () => {
    const me = await viewer({ dataScope: 'custom', deptIds: [dept.b] });
    await expectSees(me.tokens, me.id, [member.b], [...members('root', 'a', 'a1'), me.id]);
  });

  it('custom with no department: sees nothing, and its total is 0', async () => {
    const me = await viewer({ dataScope: 'custom', deptIds: [] });
    expect(await visible(me.tokens)).to.deep.equal({ ids: [], total: 0 });
    await expectSees(me.tokens, me.id, [], [...members('root', 'a', 'a1', 'b'), me.id]);
  });

  it('self: sees only its own account', async () => {
    const me = await viewer({ dataScope: 'self' });
    await expectSees(me.tokens, me.id, [me.id], members('root', 'a', 'a1', 'b'));
  });

  it('several roles: sees the union of what each sees', async () => {
    const me = await viewer({ dataScope: 'self' }, { dataScope: 'custom', deptIds: [dept.b] });
    await expectSees(me.tokens, me.id, [me.id, member.b], members('root', 'a', 'a1'));
  });

  it('a scope change takes effect on the next request', async () => {
    const role = await createRole(server, { permissions: READ, dataScope: 'self' });
    const me = await createUserAndLogin(server, { roleIds: [role.id], deptId: dept.a });
    await expectSees(me.tokens, me.id, [me.id], [member.b]);
    const changed = await server
      .http()
      .put(`/api/v1/roles/${role.id}`)
      .set('Authorization', ADMIN)
      .send({ dataScope: 'custom', deptIds: [dept.b], version: role.version });
    expect(changed.status, changed.text).to.equal(200);
    await expectSees(me.tokens, me.id, [member.b], [me.id]);
  });

  it('hides what is out of scope from updates and deletes too (404, nothing changed)', async () => {
    const role = await createRole(server, { permissions: ['system:user:*'], dataScope: 'dept' });
    const editor = await createUserAndLogin(server, { roleIds: [role.id], deptId: dept.a });
    const update = await server.http().put(`/api/v1/users/${member.b}`).set('Authorization', editor.tokens.bearer).send({ nickname: 'renamed', version: 1 });
    expect(update.status).to.equal(404);
    const remove = await server.http().delete(`/api/v1/users/${member.b}`).set('Authorization', editor.tokens.bearer);
    expect(remove.status).to.equal(404);
    const still = await server.http().get(`/api/v1/users/${member.b}`).set('Authorization', ADMIN);
    expect(still.body.data.nickname).not.to.equal('renamed');
  });
});
