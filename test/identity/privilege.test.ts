import { expect } from 'chai';
import type { Response } from 'supertest';
import { adminLogin, createRole, createUser, createUserAndLogin, TEST_PASSWORD, type Tokens } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Two administrators, both logged in for real: the seeded super administrator (`*:*:*`) and a
 * lesser role administrator holding `system:role:*` and `system:user:*` only. The lesser one
 * manages what it holds and cannot touch anyone or anything that holds more.
 */
describe('privilege: a lesser administrator beside the super administrator', () => {
  let server: TestServer;
  let root: Tokens;
  let lesser: Tokens;
  const ADMIN_ROLE_ID = '01900000-0000-7000-8000-000000000001';

  before(async () => {
    server = await startTestServer();
    root = await adminLogin(server);
    lesser = (await createUserAndLogin(server, { permissions: ['system:role:*', 'system:user:*'] })).tokens;
  });
  after(() => server?.stop());

  const call = (tokens: Tokens, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const request = server.http()[method](`/api/v1${path}`).set('Authorization', tokens.bearer);
    return body ? request.send(body) : request;
  };
  const user = async (id: string) => (await call(root, 'get', `/users/${id}`)).body.data as { version: number; status: string; roleIds: string[] };
  const role = async (id: string) => (await call(root, 'get', `/roles/${id}`)).body.data as { version: number; permissions: string[] };

  /** 403 PERM_DENIED_403 whose details name exactly these permissions. */
  function expectDeniedFor(res: Response, permissions: string[]): void {
    expect(res.status, res.text).to.equal(403);
    expect(res.body.code).to.equal('PERM_DENIED_403');
    expect(res.body.details.map((d: { permission: string }) => d.permission)).to.have.members(permissions);
  }

  describe('what the lesser administrator must not do', () => {
    it('strip `admin` from a more privileged user', async () => {
      const boss = await createUser(server, { roleIds: [ADMIN_ROLE_ID] });
      expectDeniedFor(await call(lesser, 'put', `/users/${boss.id}`, { roleIds: [], version: boss.version }), ['*:*:*']);
      expect((await user(boss.id)).roleIds).to.deep.equal([ADMIN_ROLE_ID]);
    });

    it('give a user a role granting a permission it does not hold', async () => {
      const menus = await createRole(server, { permissions: ['system:user:list', 'system:menu:list'] });
      const plain = await createUser(server);
      expectDeniedFor(await call(lesser, 'put', `/users/${plain.id}`, { roleIds: [menus.id], version: plain.version }), ['system:menu:list']);
      expectDeniedFor(await call(lesser, 'post', '/users', { username: 'lesser-made', password: TEST_PASSWORD, roleIds: [menus.id] }), ['system:menu:list']);
    });

    it('take from a user a role granting a permission it does not hold', async () => {
      const menus = await createRole(server, { permissions: ['system:menu:list'] });
      const holder = await createUser(server, { roleIds: [menus.id] });
      expectDeniedFor(await call(lesser, 'put', `/users/${holder.id}`, { roleIds: [], version: holder.version }), ['system:menu:list']);
    });

    it('reset the password of, disable, enable or delete a more privileged user', async () => {
      const boss = await createUser(server, { permissions: ['audit:*:*', 'system:user:list'] });
      expectDeniedFor(await call(lesser, 'put', `/users/${boss.id}/password`, { password: 'another-password-2' }), ['audit:*:*']);
      expectDeniedFor(await call(lesser, 'put', `/users/${boss.id}`, { status: 'disabled', version: boss.version }), ['audit:*:*']);
      expectDeniedFor(await call(lesser, 'delete', `/users/${boss.id}`), ['audit:*:*']);
      expect((await call(root, 'put', `/users/${boss.id}`, { status: 'disabled', version: boss.version })).status).to.equal(200);
      expectDeniedFor(await call(lesser, 'put', `/users/${boss.id}`, { status: 'active', version: boss.version + 1 }), ['audit:*:*']);
      expect(await user(boss.id)).to.include({ status: 'disabled', version: boss.version + 1 });
    });

    it('add to or take from a role a permission it does not hold, or delete such a role', async () => {
      const shared = await createRole(server, { permissions: ['system:user:list', 'system:dict:list'] });
      expectDeniedFor(await call(lesser, 'put', `/roles/${shared.id}`, { permissions: ['system:user:list'], version: shared.version }), ['system:dict:list']);
      const mine = (await call(lesser, 'post', '/roles', { code: 'lesser-own', name: 'Lesser own', permissions: ['system:user:list'] })).body.data as {
        id: string;
      };
      expectDeniedFor(await call(lesser, 'put', `/roles/${mine.id}`, { permissions: ['system:user:list', 'system:post:list'], version: 1 }), [
        'system:post:list',
      ]);
      expectDeniedFor(await call(lesser, 'delete', `/roles/${shared.id}`), ['system:dict:list']);
      expect((await role(shared.id)).permissions).to.deep.equal(['system:dict:list', 'system:user:list']);
    });

    it('touch the administrator role, which grants *:*:*', async () => {
      expectDeniedFor(await call(lesser, 'put', `/roles/${ADMIN_ROLE_ID}`, { name: 'Mine now', version: (await role(ADMIN_ROLE_ID)).version }), ['*:*:*']);
    });
  });

  describe('what the lesser administrator may do', () => {
    it('make a role of what it holds, change it, hand it out, take it back and delete it', async () => {
      const made = await call(lesser, 'post', '/roles', { code: 'helpdesk', name: 'Helpdesk', permissions: ['system:user:list', 'system:user:query'] });
      expect(made.status, made.text).to.equal(201);
      const id = made.body.data.id as string;
      const changed = await call(lesser, 'put', `/roles/${id}`, { permissions: ['system:user:list', 'system:role:list'], version: 1 });
      expect(changed.status, changed.text).to.equal(200);
      const plain = await createUser(server);
      const given = await call(lesser, 'put', `/users/${plain.id}`, { roleIds: [id], version: plain.version });
      expect(given.status, given.text).to.equal(200);
      const taken = await call(lesser, 'put', `/users/${plain.id}`, { roleIds: [], version: given.body.data.version });
      expect(taken.status, taken.text).to.equal(200);
      expect((await call(lesser, 'delete', `/roles/${id}`)).status).to.equal(200);
    });

    it('reset the password of, disable, enable and delete a user holding no more than it does', async () => {
      const peer = await createUser(server, { permissions: ['system:user:list', 'system:role:*'] });
      expect((await call(lesser, 'put', `/users/${peer.id}/password`, { password: 'a-new-password-3' })).status).to.equal(200);
      expect((await call(lesser, 'put', `/users/${peer.id}`, { status: 'disabled', version: (await user(peer.id)).version })).status).to.equal(200);
      expect((await call(lesser, 'put', `/users/${peer.id}`, { status: 'active', version: (await user(peer.id)).version })).status).to.equal(200);
      expect((await call(lesser, 'delete', `/users/${peer.id}`)).status).to.equal(200);
    });
  });

  describe('what the super administrator may do', () => {
    it('strip `admin` from a user, and change a role whatever it grants', async () => {
      const boss = await createUser(server, { roleIds: [ADMIN_ROLE_ID] });
      expect((await call(root, 'put', `/users/${boss.id}`, { roleIds: [], version: boss.version })).status).to.equal(200);
      const shared = await createRole(server, { permissions: ['system:user:list', 'system:dict:list'] });
      expect((await call(root, 'put', `/roles/${shared.id}`, { permissions: ['system:user:list'], version: shared.version })).status).to.equal(200);
    });
  });
});
