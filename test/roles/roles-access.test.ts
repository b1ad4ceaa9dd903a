import { expect } from 'chai';
import { tokenFor, type TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN_ROLE_ID, roleManager, rolesClient, startRolesServer, type Role } from './helpers';

describe('roles: who may do what', () => {
  let server: TestServer;
  let api: ReturnType<typeof rolesClient>;
  before(async () => {
    server = await startRolesServer();
    api = rolesClient(server);
  });
  after(() => server?.stop());

  describe('authentication and permissions', () => {
    it('answers 401 AUTH_TOKEN_MISSING_401 without a token', async () => {
      expectError(await api.http().get('/api/v1/roles'), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.http().get(`/api/v1/roles/${ADMIN_ROLE_ID}`), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.http().post('/api/v1/roles').send({ code: 'x', name: 'X' }), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.http().put(`/api/v1/roles/${ADMIN_ROLE_ID}`).send({ version: 1 }), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.http().delete(`/api/v1/roles/${ADMIN_ROLE_ID}`), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('answers 403 PERM_DENIED_403 to a caller without the route’s permission', async () => {
      const role = await api.add('target');
      const everythingButRoles = tokenFor('ann', ['system:user:*', 'system:menu:*']);
      expectError(await api.list({}, everythingButRoles), 403, 'PERM_DENIED_403');
      expectError(await api.read(role.id, tokenFor('bob', ['system:role:list'])), 403, 'PERM_DENIED_403');
      expectError(await api.create({ code: 'x', name: 'X' }, tokenFor('cy', ['system:role:list', 'system:role:query'])), 403, 'PERM_DENIED_403');
      expectError(await api.update(role.id, { name: 'X', version: 1 }, tokenFor('di', ['system:role:add'])), 403, 'PERM_DENIED_403');
      expectError(await api.remove(role.id, tokenFor('ed', ['system:role:edit'])), 403, 'PERM_DENIED_403');
    });

    it('serves each route to a caller holding exactly its permission', async () => {
      const role = await api.add('reachable');
      expectSuccess(await api.list({}, tokenFor('fay', ['system:role:list'])));
      expectSuccess(await api.read(role.id, tokenFor('gus', ['system:role:query'])));
      expectSuccess(await api.create({ code: 'made-by-hal', name: 'Hal' }, tokenFor('hal', ['system:role:add'])), 201);
      expectSuccess(await api.update(role.id, { name: 'Renamed', version: 1 }, tokenFor('ivy', ['system:role:edit'])));
      expectSuccess(await api.remove(role.id, tokenFor('jo', ['system:role:remove'])));
    });
  });

  describe('the administrator role', () => {
    const version = async () => ((await api.read(ADMIN_ROLE_ID)).body.data as Role).version;

    it('answers 409 SYSTEM_ROLE_PROTECTED_409 to a delete', async () => {
      detailFor(expectError(await api.remove(ADMIN_ROLE_ID), 409, 'SYSTEM_ROLE_PROTECTED_409'), '/params/id');
      expectSuccess(await api.read(ADMIN_ROLE_ID));
    });

    it('answers 409 SYSTEM_ROLE_PROTECTED_409 to disabling it', async () => {
      const body = expectError(await api.update(ADMIN_ROLE_ID, { status: 'disabled', version: await version() }), 409, 'SYSTEM_ROLE_PROTECTED_409');
      detailFor(body, '/body/status');
    });

    it('answers 409 SYSTEM_ROLE_PROTECTED_409 to stripping *:*:*, even for a narrower wildcard', async () => {
      const body = expectError(await api.update(ADMIN_ROLE_ID, { permissions: ['system:*:*'], version: await version() }), 409, 'SYSTEM_ROLE_PROTECTED_409');
      detailFor(body, '/body/permissions');
      expectError(await api.update(ADMIN_ROLE_ID, { permissions: [], version: await version() }), 409, 'SYSTEM_ROLE_PROTECTED_409');
    });

    it('answers 409 SYSTEM_ROLE_PROTECTED_409 to another code, which other modules find it by', async () => {
      detailFor(expectError(await api.update(ADMIN_ROLE_ID, { code: 'root', version: await version() }), 409, 'SYSTEM_ROLE_PROTECTED_409'), '/body/code');
    });

    it('lets its name, remark, data scope and further permissions change', async () => {
      const data = expectSuccess(
        await api.update(ADMIN_ROLE_ID, { name: 'Super user', remark: 'Everything', permissions: ['*:*:*', 'extra:thing:do'], version: await version() }),
      ).data as Role;
      expect(data).to.include({ code: 'admin', name: 'Super user', remark: 'Everything', status: 'active' });
      expect(data.permissions).to.deep.equal(['*:*:*', 'extra:thing:do']);
    });
  });

  describe('escalation', () => {
    const limited = roleManager('lee', ['system:user:list']);

    it('refuses a role with a permission the caller does not hold: 403 naming it', async () => {
      const body = expectError(
        await api.create({ code: 'menus-too', name: 'X', permissions: ['system:user:list', 'system:menu:list'] }, limited),
        403,
        'PERM_DENIED_403',
      );
      expect(body.details).to.have.length(1);
      expect(body.details[0]).to.include({ field: '/body/permissions', rule: 'escalation', permission: 'system:menu:list' });
    });

    it('refuses a role granting *:*:* or a wildcard wider than the caller’s', async () => {
      expect(expectError(await api.create({ code: 'god', name: 'X', permissions: ['*:*:*'] }, limited), 403, 'PERM_DENIED_403').details[0]).to.include({
        permission: '*:*:*',
      });
      expect(
        expectError(await api.create({ code: 'users', name: 'X', permissions: ['system:user:*'] }, limited), 403, 'PERM_DENIED_403').details[0],
      ).to.include({ permission: 'system:user:*' });
    });

    it('creates a role with what the caller holds, directly or through a wildcard', async () => {
      const data = expectSuccess(
        await api.create({ code: 'lee-made', name: 'X', permissions: ['system:user:list', 'system:role:query', 'system:role:*'] }, limited),
        201,
      ).data as Role;
      expect(data.permissions).to.deep.equal(['system:role:*', 'system:role:query', 'system:user:list']);
    });

    it('refuses an update that adds a permission the caller does not hold, and one of a role that already grants more', async () => {
      const role = expectSuccess(await api.create({ code: 'lee-edits', name: 'X', permissions: ['system:user:list'] }, limited), 201).data as Role;
      expectError(await api.update(role.id, { permissions: ['system:user:list', 'system:user:add'], version: 1 }, limited), 403, 'PERM_DENIED_403');
      const wide = await api.add('wide', { permissions: ['system:dept:list'] });
      const body = expectError(await api.update(wide.id, { name: 'Renamed', version: 1 }, limited), 403, 'PERM_DENIED_403');
      expect(body.details[0]).to.include({ permission: 'system:dept:list' });
    });

    it('refuses an update that takes away a permission the caller does not hold, naming it', async () => {
      const wider = await api.add('lee-strips', { permissions: ['system:user:list', 'system:menu:list'] });
      const body = expectError(await api.update(wider.id, { permissions: ['system:user:list'], version: 1 }, limited), 403, 'PERM_DENIED_403');
      expect(body.details).to.deep.equal([
        {
          field: '/body/permissions',
          rule: 'escalation',
          message: 'you do not hold system:menu:list, so you cannot take it away',
          permission: 'system:menu:list',
        },
      ]);
      expect(((await api.read(wider.id)).body.data as Role).permissions).to.deep.equal(['system:menu:list', 'system:user:list']);
    });

    it('lets a caller take away what they hold, and refuses deleting a role granting what they do not', async () => {
      const mixed = expectSuccess(await api.create({ code: 'lee-trims', name: 'X', permissions: ['system:user:list', 'system:role:list'] }, limited), 201)
        .data as Role;
      expect((expectSuccess(await api.update(mixed.id, { permissions: ['system:role:list'], version: 1 }, limited)).data as Role).permissions).to.deep.equal([
        'system:role:list',
      ]);
      const wide = await api.add('lee-cannot-delete', { permissions: ['system:menu:*'] });
      const body = expectError(await api.remove(wide.id, limited), 403, 'PERM_DENIED_403');
      expect(body.details[0]).to.include({ field: '/params/id', rule: 'escalation', permission: 'system:menu:*' });
      expectSuccess(await api.read(wide.id));
      expectSuccess(await api.remove(mixed.id, limited));
    });

    it('refuses an `all` role to a caller whose data scope is dept, naming the scope', async () => {
      const dept = await api.department('Scoped');
      const caller = roleManager('mo', [], { rowScope: { all: false, deptIds: [dept], ownerId: null }, attributes: { dataScopes: ['dept'] } });
      const body = expectError(await api.create({ code: 'everyone', name: 'X', dataScope: 'all' }, caller), 403, 'PERM_DENIED_403');
      expect(detailFor(body, '/body/dataScope')).to.include({ rule: 'escalation', dataScope: 'all' });
      expectError(await api.create({ code: 'subtree', name: 'X', dataScope: 'dept_and_children' }, caller), 403, 'PERM_DENIED_403');
      expectSuccess(await api.create({ code: 'same-dept', name: 'X', dataScope: 'dept' }, caller), 201);
      expectSuccess(await api.create({ code: 'own-rows', name: 'X', dataScope: 'self' }, caller), 201);
    });

    it('refuses custom departments outside the caller’s row scope and accepts those inside', async () => {
      const inside = await api.department('Inside');
      const outside = await api.department('Outside');
      const caller = roleManager('nia', [], { rowScope: { all: false, deptIds: [inside], ownerId: null }, attributes: { dataScopes: ['custom'] } });
      const body = expectError(await api.create({ code: 'peek', name: 'X', dataScope: 'custom', deptIds: [inside, outside] }, caller), 403, 'PERM_DENIED_403');
      expect((detailFor(body, '/body/deptIds') as Record<string, unknown>).deptIds).to.deep.equal([outside]);
      expectSuccess(await api.create({ code: 'stay', name: 'X', dataScope: 'custom', deptIds: [inside] }, caller), 201);
    });

    it('lets a caller whose row scope is `all`, or who has none, give any data scope', async () => {
      const everything = roleManager('oz', [], { rowScope: { all: true, deptIds: [], ownerId: null }, attributes: { dataScopes: ['all'] } });
      expectSuccess(await api.create({ code: 'everyone-1', name: 'X', dataScope: 'all' }, everything), 201);
      expectSuccess(await api.create({ code: 'everyone-2', name: 'X', dataScope: 'all' }, roleManager('pia', [])), 201);
    });

    it('refuses an update of a role the caller holds, and allows one of a role they do not', async () => {
      const mine = await api.add('mine');
      const theirs = await api.add('theirs');
      const caller = roleManager('quinn', [], { attributes: { roleIds: [mine.id] } });
      detailFor(expectError(await api.update(mine.id, { name: 'Mine, renamed', version: 1 }, caller), 403, 'PERM_DENIED_403'), '/params/id');
      expectSuccess(await api.update(theirs.id, { name: 'Theirs, renamed', version: 1 }, caller));
    });
  });

  describe('roles.RoleDirectory', () => {
    it('grants only through active roles: grantsOf leaves disabled ones out', async () => {
      const dept = await api.department('Directory');
      const active = await api.add('granting', { permissions: ['system:user:list'], dataScope: 'custom', deptIds: [dept] });
      const disabled = await api.add('dormant', { permissions: ['system:user:add'], status: 'disabled' });
      const { grants } = await api.directory([active.id, disabled.id]);
      expect(grants).to.deep.equal([
        { id: active.id, code: 'granting', status: 'active', dataScope: 'custom', deptIds: [dept], permissions: ['system:user:list'] },
      ]);
      await api.update(disabled.id, { status: 'active', version: 1 });
      expect((await api.directory([active.id, disabled.id])).grants.map((g) => g.code)).to.deep.equal(['dormant', 'granting']);
    });

    it('names the ids that name no role, and finds a role by code whatever its case', async () => {
      const role = await api.add('findable', { status: 'disabled' });
      const ghost = '01890a5d-ac96-774b-bcce-b302099a8057';
      const answer = await api.directory([role.id, ghost, 'not-a-uuid'], 'FINDABLE');
      expect(answer.missing).to.deep.equal([ghost, 'not-a-uuid']);
      expect(answer.byCode).to.include({ id: role.id, code: 'findable', status: 'disabled' });
      expect((await api.directory([], 'admin')).byCode).to.include({ id: ADMIN_ROLE_ID, code: 'admin', dataScope: 'all' });
      expect((await api.directory([], 'nobody')).byCode).to.equal(null);
    });
  });
});
