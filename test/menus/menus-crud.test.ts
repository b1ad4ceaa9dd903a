import { expect } from 'chai';
import { tokenFor, type TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { menusClient, startMenusServer, type Menu } from './helpers';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NO_SUCH = '01890a5d-ac96-774b-bcce-b302099a8057';

describe('menus: create, read, update, delete', () => {
  let server: TestServer;
  let api: ReturnType<typeof menusClient>;
  before(async () => {
    server = await startMenusServer();
    api = menusClient(server);
  });
  after(() => server?.stop());

  describe('create and read', () => {
    it('creates a menu: 201 with a UUID v7 id, moduleId null, version 1 and the defaults', async () => {
      const res = await api.create({ title: 'Reports', path: '/reports', component: 'reports/index', permission: 'reports:report:list' });
      const data = expectSuccess(res, 201).data as Menu;
      expect(data).to.include({ parentId: null, title: 'Reports', path: '/reports', component: 'reports/index', permission: 'reports:report:list' });
      expect(data).to.include({ type: 'menu', icon: null, sort: 0, visible: true, moduleId: null, version: 1 });
      expect(data.titles).to.deep.equal({});
      expect(data.id).to.match(UUID_V7);
      expect(data.updatedAt).to.equal(data.createdAt);
      expect(Object.keys(data).sort()).to.deep.equal([
        'component',
        'createdAt',
        'icon',
        'id',
        'moduleId',
        'parentId',
        'path',
        'permission',
        'sort',
        'title',
        'titles',
        'type',
        'updatedAt',
        'version',
        'visible',
      ]);
      expect(expectSuccess(await api.read(data.id)).data).to.deep.equal(data);
    });

    it('creates a child under a parent with every field set', async () => {
      const parent = await api.add('Finance', { type: 'directory' });
      const child = await api.add('Invoices', { parentId: parent.id, type: 'button', icon: 'receipt', sort: 7, visible: false });
      expect(child).to.include({ parentId: parent.id, type: 'button', icon: 'receipt', sort: 7, visible: false });
    });

    it('answers 400 naming /body/parentId for a parent that does not exist', async () => {
      const body = expectError(
        await api.create({ title: 'Orphan', path: '/o', component: 'c', permission: 'a:b:c', parentId: NO_SUCH }),
        400,
        'VALIDATION_FAILED_400',
      );
      expect(detailFor(body, '/body/parentId').message).to.contain(NO_SUCH);
    });

    it('refuses a property the schema does not declare, moduleId included', async () => {
      const base = { title: 'T', path: '/t', component: 'c', permission: 'a:b:c' };
      detailFor(expectError(await api.create({ ...base, colour: 'red' }), 400, 'VALIDATION_FAILED_400'), '/body/colour');
      detailFor(expectError(await api.create({ ...base, moduleId: 'system' }), 400, 'VALIDATION_FAILED_400'), '/body/moduleId');
    });

    it('holds title, path, component and permission to the manifest’s rules', async () => {
      const base = { title: 'T', path: '/t', component: 'c', permission: 'a:b:c' };
      const refused = async (change: Record<string, unknown>, field: string) =>
        detailFor(expectError(await api.create({ ...base, ...change }), 400, 'VALIDATION_FAILED_400'), field);
      await refused({ title: '' }, '/body/title');
      await refused({ title: 'x'.repeat(257) }, '/body/title');
      await refused({ path: 'no-slash' }, '/body/path');
      await refused({ path: '/a/../b' }, '/body/path');
      await refused({ path: '/a\\b' }, '/body/path');
      await refused({ component: '' }, '/body/component');
      await refused({ permission: 'a:b' }, '/body/permission');
      await refused({ permission: 'a:*:c' }, '/body/permission');
      await refused({ type: 'link' }, '/body/type');
      // Well formed is enough: no module need declare it.
      expectSuccess(await api.create({ ...base, permission: 'nobody:declares:this' }), 201);
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for a menu that does not exist', async () => {
      expectError(await api.read(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.update(NO_SUCH, { title: 'X', version: 1 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.remove(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('update', () => {
    it('changes the fields sent, keeps the others, and moves the version on', async () => {
      const menu = await api.add('Drafts', { icon: 'pencil', sort: 2 });
      const data = expectSuccess(await api.update(menu.id, { title: 'Draft documents', visible: false, version: 1 })).data as Menu;
      expect(data).to.include({ title: 'Draft documents', visible: false, icon: 'pencil', sort: 2, version: 2 });
      expect(expectSuccess(await api.read(menu.id)).data).to.deep.equal(data);
    });

    it('moves a menu under another, and back to the root with parentId null', async () => {
      const parent = await api.add('Archive');
      const menu = await api.add('Old invoices');
      const moved = expectSuccess(await api.update(menu.id, { parentId: parent.id, version: 1 })).data as Menu;
      expect(moved.parentId).to.equal(parent.id);
      const back = expectSuccess(await api.update(menu.id, { parentId: null, version: 2 })).data as Menu;
      expect(back.parentId).to.equal(null);
    });

    it('answers 409 SYSTEM_MENU_CYCLE_409 for a move under itself or one of its descendants', async () => {
      const top = await api.add('Top');
      const middle = await api.add('Middle', { parentId: top.id });
      const bottom = await api.add('Bottom', { parentId: middle.id });
      detailFor(expectError(await api.update(top.id, { parentId: top.id, version: 1 }), 409, 'SYSTEM_MENU_CYCLE_409'), '/body/parentId');
      expectError(await api.update(top.id, { parentId: bottom.id, version: 1 }), 409, 'SYSTEM_MENU_CYCLE_409');
      expectError(await api.update(middle.id, { parentId: bottom.id, version: 1 }), 409, 'SYSTEM_MENU_CYCLE_409');
      expect((expectSuccess(await api.read(top.id)).data as Menu).parentId).to.equal(null);
    });

    it('answers 400 naming /body/parentId for a move under a menu that does not exist', async () => {
      const menu = await api.add('Wanderer');
      detailFor(expectError(await api.update(menu.id, { parentId: NO_SUCH, version: 1 }), 400, 'VALIDATION_FAILED_400'), '/body/parentId');
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 for a stale version, and 400 without one', async () => {
      const menu = await api.add('Stale');
      expectSuccess(await api.update(menu.id, { title: 'Fresh', version: 1 }));
      detailFor(expectError(await api.update(menu.id, { title: 'Late', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/body/version');
      detailFor(expectError(await api.update(menu.id, { title: 'No version' }), 400, 'VALIDATION_FAILED_400'), '/body/version');
      expect((expectSuccess(await api.read(menu.id)).data as Menu).title).to.equal('Fresh');
    });
  });

  describe('delete', () => {
    it('deletes a menu without children: 200 with {}, and it is gone', async () => {
      const menu = await api.add('Ephemeral');
      expect(expectSuccess(await api.remove(menu.id)).data).to.deep.equal({});
      expectError(await api.read(menu.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('answers 409 SYSTEM_MENU_IN_USE_409 for a menu with children, and deletes it once they are gone', async () => {
      const parent = await api.add('Parent');
      const child = await api.add('Child', { parentId: parent.id });
      detailFor(expectError(await api.remove(parent.id), 409, 'SYSTEM_MENU_IN_USE_409'), '/params/id');
      expectSuccess(await api.remove(child.id));
      expectSuccess(await api.remove(parent.id));
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 for a stale ?version= and deletes with the current one', async () => {
      const menu = await api.add('Versioned');
      await api.update(menu.id, { title: 'Versioned 2', version: 1 });
      expectError(await api.remove(menu.id, undefined, { version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409');
      expectSuccess(await api.remove(menu.id, undefined, { version: 2 }));
    });
  });

  describe('authentication and permissions', () => {
    it('answers 401 AUTH_TOKEN_MISSING_401 without a token', async () => {
      expectError(await api.http().get('/api/v1/menus'), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.http().get('/api/v1/menus/tree'), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.http().get(`/api/v1/menus/${NO_SUCH}`), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.http().post('/api/v1/menus').send({}), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.http().put(`/api/v1/menus/${NO_SUCH}`).send({ version: 1 }), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.http().delete(`/api/v1/menus/${NO_SUCH}`), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('answers 403 PERM_DENIED_403 to a caller without the route’s permission, and serves one who has it', async () => {
      const menu = await api.add('Guarded');
      const others = tokenFor('ann', ['system:role:*', 'system:user:*']);
      expectError(await api.list({}, others), 403, 'PERM_DENIED_403');
      expectError(await api.tree(others), 403, 'PERM_DENIED_403');
      expectError(await api.read(menu.id, tokenFor('bob', ['system:menu:list'])), 403, 'PERM_DENIED_403');
      expectError(
        await api.create({ title: 'X', path: '/x', component: 'c', permission: 'a:b:c' }, tokenFor('cy', ['system:menu:edit'])),
        403,
        'PERM_DENIED_403',
      );
      expectError(await api.update(menu.id, { title: 'X', version: 1 }, tokenFor('di', ['system:menu:add'])), 403, 'PERM_DENIED_403');
      expectError(await api.remove(menu.id, tokenFor('ed', ['system:menu:edit'])), 403, 'PERM_DENIED_403');

      expectSuccess(await api.list({}, tokenFor('fay', ['system:menu:list'])));
      expectSuccess(await api.tree(tokenFor('fay', ['system:menu:list'])));
      expectSuccess(await api.read(menu.id, tokenFor('gus', ['system:menu:query'])));
      expectSuccess(await api.create({ title: 'By hal', path: '/hal', component: 'c', permission: 'a:b:c' }, tokenFor('hal', ['system:menu:add'])), 201);
      expectSuccess(await api.update(menu.id, { title: 'Renamed', version: 1 }, tokenFor('ivy', ['system:menu:edit'])));
      expectSuccess(await api.remove(menu.id, tokenFor('jo', ['system:menu:remove'])));
    });
  });
});
