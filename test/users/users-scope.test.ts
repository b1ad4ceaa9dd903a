import { expect } from 'chai';
import type { RowScope } from '../../kernel/api';
import { tokenFor, type TestServer } from '../support/server';
import { UsersClient, startUsersServer, usernames, type User } from './helpers';

/**
 * Data scope on a small department tree, made through the departments API:
 *
 *   Head ─ Sales ─ East        Ops          (and users in no department)
 */
describe('users: data scope', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);
  const dept: Record<string, string> = {};
  const user: Record<string, User> = {};

  const scoped = (rowScope: RowScope, userId?: string) => tokenFor('scoped', ['system:user:*'], { rowScope, ...(userId ? { userId } : {}) });
  const depts = (...names: string[]) => ({ all: false, deptIds: names.map((n) => dept[n]), ownerId: null });
  const everyone = ['u-east', 'u-head', 'u-none', 'u-ops', 'u-sales'];
  const listed = async (token: string) => {
    const res = await api.list({ keyword: 'u-', sort: 'username,asc' }, token);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data.total).to.equal(res.body.data.items.length);
    return usernames(res);
  };

  before(async () => {
    server = await startUsersServer();
    dept.head = await api.addDepartment('Head');
    dept.sales = await api.addDepartment('Sales', dept.head);
    dept.east = await api.addDepartment('East', dept.sales);
    dept.ops = await api.addDepartment('Ops');
    for (const [name, deptId] of [
      ['u-head', dept.head],
      ['u-sales', dept.sales],
      ['u-east', dept.east],
      ['u-ops', dept.ops],
      ['u-none', null],
    ] as const) {
      user[name] = await api.addUser(name, { deptId });
    }
  });
  after(() => server?.stop());

  describe('list and total', () => {
    it('show every user to a scope of all', async () => {
      expect(await listed(scoped({ all: true, deptIds: [], ownerId: null }))).to.deep.equal(everyone);
    });

    it('show a caller scoped to one department its users only', async () => {
      expect(await listed(scoped(depts('sales')))).to.deep.equal(['u-sales']);
    });

    it('show a department and its children when the scope lists them (dept_and_children)', async () => {
      expect(await listed(scoped(depts('sales', 'east')))).to.deep.equal(['u-east', 'u-sales']);
    });

    it('show only the caller to a scope of self', async () => {
      expect(await listed(scoped({ all: false, deptIds: [], ownerId: user['u-ops'].id }, user['u-ops'].id))).to.deep.equal(['u-ops']);
    });

    it('show the union of departments and self', async () => {
      expect(await listed(scoped({ all: false, deptIds: [dept.east], ownerId: user['u-none'].id }, user['u-none'].id))).to.deep.equal(['u-east', 'u-none']);
    });

    it('show nothing to an empty scope', async () => {
      expect(await listed(scoped({ all: false, deptIds: [], ownerId: null }))).to.deep.equal([]);
    });

    it('narrow the department filter too: it never reaches past the scope', async () => {
      const token = scoped(depts('sales'));
      expect(usernames(await api.list({ deptId: dept.head }, token))).to.deep.equal(['u-sales']);
      expect((await api.list({ deptId: dept.ops }, token)).body.data.total).to.equal(0);
    });
  });

  describe('single reads and writes outside the scope', () => {
    const outside = () => user['u-ops'];
    const token = () => scoped(depts('sales', 'east'));
    const expectNotFound = (res: { status: number; body: { code: string } }) => {
      expect(res.status, JSON.stringify(res.body)).to.equal(404);
      expect(res.body.code).to.equal('SYSTEM_RESOURCE_NOT_FOUND_404');
    };

    it('answer 404 to read, update, delete and password reset, and change nothing', async () => {
      expectNotFound(await api.read(outside().id, token()));
      expectNotFound(await api.update(outside().id, { nickname: 'hijacked', version: 1 }, token()));
      expectNotFound(await api.remove(outside().id, token()));
      expectNotFound(await api.resetPassword(outside().id, api.password(), token()));
      expect((await api.read(outside().id)).body.data).to.deep.include({ nickname: 'u-ops', version: 1 });
      expect(await api.lifecycleCalls(outside().id)).to.deep.equal([]);
    });

    it('answer 404 to every single read of an empty scope, the caller’s own record included', async () => {
      const me = user['u-sales'];
      expectNotFound(await api.read(me.id, scoped({ all: false, deptIds: [], ownerId: null }, me.id)));
    });

    it('work inside the scope', async () => {
      const inside = user['u-east'];
      expect((await api.read(inside.id, token())).status).to.equal(200);
      const res = await api.update(inside.id, { nickname: 'Easterner', version: 1 }, token());
      expect(res.status, res.text).to.equal(200);
      user['u-east'] = res.body.data;
    });

    it('let a self-scoped caller read and edit its own record', async () => {
      const me = user['u-ops'];
      const token = scoped({ all: false, deptIds: [], ownerId: me.id }, me.id);
      expect((await api.read(me.id, token)).status).to.equal(200);
      expect((await api.update(me.id, { nickname: 'Me myself', version: 1 }, token)).status).to.equal(200);
    });
  });

  describe('placing users', () => {
    const expectOutOfScope = (res: { status: number; body: { code: string; details: unknown[] } }) => {
      expect(res.status, JSON.stringify(res.body)).to.equal(403);
      expect(res.body.code).to.equal('PERM_DENIED_403');
      expect(res.body.details).to.deep.equal([
        { field: '/body/deptId', rule: 'scope', message: 'users can only be placed in departments within your data scope' },
      ]);
    };

    it('lets a scoped caller create users in its departments only', async () => {
      const token = scoped(depts('sales'));
      expect((await api.create({ username: 'placed-in', password: api.password(), deptId: dept.sales }, token)).status).to.equal(201);
      expectOutOfScope(await api.create({ username: 'placed-out', password: api.password(), deptId: dept.ops }, token));
      expectOutOfScope(await api.create({ username: 'placed-nowhere', password: api.password() }, token));
    });

    it('answers 403 to moving a user out of the caller’s departments', async () => {
      const mover = await api.addUser('mover', { deptId: dept.sales });
      expectOutOfScope(await api.update(mover.id, { deptId: dept.ops, version: 1 }, scoped(depts('sales'))));
      expect((await api.update(mover.id, { deptId: dept.east, version: 1 }, scoped(depts('sales', 'east')))).status).to.equal(200);
    });
  });

  describe('every answer above', () => {
    it('carried neither a password nor a hash', () => {
      expect(api.leaks()).to.deep.equal([]);
    });
  });
});
