import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ADMIN, fixture, startTestServer, type TestServer } from '../support/server';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { menusClient, startMenusServer, titlesIn, type Menu, type MenuNode } from './helpers';

describe('menus: synced from module manifests', () => {
  let server: TestServer;
  let api: ReturnType<typeof menusClient>;
  before(async () => {
    server = await startMenusServer();
    api = menusClient(server);
  });
  after(() => server?.stop());

  describe('at boot', () => {
    it('holds every menu the enabled modules declare, keyed by module and path, with moduleId set', async () => {
      const modules = (await server.http().get('/api/v1/system/modules?pageSize=200').set('Authorization', ADMIN)).body.data.items as Array<{
        id: string;
        status: string;
        menus: Array<{ title: string; path: string; component: string; permission: string }>;
      }>;
      const declared = modules
        .filter((m) => m.status === 'enabled')
        .flatMap((m) => m.menus.map((menu, sort) => ({ moduleId: m.id, ...menu, sort })))
        .sort((a, b) => `${a.moduleId} ${a.path}`.localeCompare(`${b.moduleId} ${b.path}`));
      const synced = (await api.all())
        .filter((m) => m.moduleId !== null)
        .map(({ moduleId, title, path, component, permission, sort }) => ({ moduleId, title, path, component, permission, sort }))
        .sort((a, b) => `${a.moduleId} ${a.path}`.localeCompare(`${b.moduleId} ${b.path}`));
      expect(synced).to.deep.equal(declared);
      expect(declared.map((m) => m.moduleId)).to.include.members(['system', 'roles', 'menus', 'menu-probe']);
    });

    it('adds them as visible root menus in declaration order: the system module’s, the roles’ and the menus’ own', async () => {
      const system = await api.all({ moduleId: 'system', sort: 'sort,asc' });
      expect(system.map((m) => [m.title, m.path, m.sort])).to.deep.equal([
        ['Modules', '/system/modules', 0],
        ['Permissions', '/system/permissions', 1],
        ['Instance', '/system/info', 2],
      ]);
      for (const menu of system) expect(menu).to.include({ parentId: null, type: 'menu', visible: true, icon: null, moduleId: 'system' });
      expect(await api.declared('roles', '/system/roles')).to.include({ title: 'Roles', component: 'system/roles/index', permission: 'system:role:list' });
      expect(await api.declared('menus', '/system/menus')).to.include({ title: 'Menus', component: 'system/menus/index', permission: 'system:menu:list' });
    });
  });

  describe('what the API may do to a module’s menu', () => {
    it('answers 409 SYSTEM_MENU_LOCKED_409 to a delete', async () => {
      const menu = await api.declared('system', '/system/info');
      detailFor(expectError(await api.remove(menu.id), 409, 'SYSTEM_MENU_LOCKED_409'), '/params/id');
      expectSuccess(await api.read(menu.id));
    });

    it('answers 409 SYSTEM_MENU_LOCKED_409 to a new path, title, component, permission or type', async () => {
      const menu = await api.declared('system', '/system/permissions');
      const locked = async (change: Record<string, unknown>, field: string) =>
        detailFor(expectError(await api.update(menu.id, { ...change, version: menu.version }), 409, 'SYSTEM_MENU_LOCKED_409'), field);
      await locked({ path: '/elsewhere' }, '/body/path');
      await locked({ title: 'Grants' }, '/body/title');
      await locked({ component: 'other/index' }, '/body/component');
      await locked({ permission: 'system:permission:query' }, '/body/permission');
      await locked({ type: 'button' }, '/body/type');
      // Sending what the manifest says is no change.
      expectSuccess(await api.update(menu.id, { title: menu.title, path: menu.path, version: menu.version }));
    });

    it('lets a console move, re-sort, hide it and give it an icon', async () => {
      const folder = await api.add('Administration', { type: 'directory' });
      const menu = await api.declared('system', '/system/modules');
      const data = expectSuccess(await api.update(menu.id, { parentId: folder.id, sort: 9, visible: false, icon: 'cog', version: menu.version })).data as Menu;
      expect(data).to.include({ parentId: folder.id, sort: 9, visible: false, icon: 'cog', moduleId: 'system', path: '/system/modules' });
    });
  });

  describe('disabled modules', () => {
    it('takes a disabled module’s menus out of the list, the tree, single reads and treeFor, and enabling brings them back as they were', async () => {
      const reports = await api.declared('menu-probe', '/probe/reports');
      const moved = expectSuccess(await api.update(reports.id, { sort: 5, version: reports.version })).data as Menu;
      const child = await api.add('Under probe', { parentId: reports.id });
      const probeTitles = ['Probe reports', 'Probe charts'];

      await api.disable('menu-probe');
      expect((await api.all()).map((m) => m.title)).to.not.include.members(probeTitles);
      expect(await api.all({ moduleId: 'menu-probe' })).to.deep.equal([]);
      const tree = titlesIn((expectSuccess(await api.tree()).data as { items: MenuNode[] }).items);
      expect(tree).to.not.include('Probe reports');
      // A menu under a hidden one is hidden with it.
      expect(tree).to.not.include('Under probe');
      expect(titlesIn(await api.treeFor(['*:*:*']))).to.not.include.members([...probeTitles, 'Under probe']);
      expectError(await api.read(reports.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');

      await api.enable('menu-probe');
      expect(expectSuccess(await api.read(reports.id)).data).to.deep.equal(moved);
      expect(titlesIn(await api.treeFor(['menu-probe:*:*', 'console:*:*']))).to.include.members([...probeTitles, 'Under probe']);
      expect(titlesIn((expectSuccess(await api.tree()).data as { items: MenuNode[] }).items)).to.include('Under probe');
      expectSuccess(await api.remove(child.id));
    });

    it('takes a disabled module’s menu for absent as a parent: 400 naming /body/parentId on create and on move', async () => {
      const charts = await api.declared('menu-probe', '/probe/charts');
      const wanderer = await api.add('Wanderer');
      await api.disable('menu-probe');
      try {
        const create = await api.create({ title: 'Lost', path: '/lost', component: 'lost/index', permission: 'console:page:view', parentId: charts.id });
        detailFor(expectError(create, 400, 'VALIDATION_FAILED_400'), '/body/parentId');
        detailFor(
          expectError(await api.update(wanderer.id, { parentId: charts.id, version: wanderer.version }), 400, 'VALIDATION_FAILED_400'),
          '/body/parentId',
        );
      } finally {
        await api.enable('menu-probe');
      }
      expectSuccess(await api.remove(wanderer.id));
    });
  });

  describe('modules loaded while running', () => {
    let folder: string;
    before(() => {
      folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-menus-')), 'menu-reload-probe');
      fs.mkdirSync(folder);
    });
    after(() => fs.rmSync(path.dirname(folder), { recursive: true, force: true }));

    const writeManifest = (version: string, menus: Array<{ title: string; path: string; component: string }>) =>
      fs.writeFileSync(
        path.join(folder, 'manifest.json'),
        JSON.stringify({
          $schema: 'https://atrium.dev/schemas/module-manifest/v1.json',
          schemaVersion: 1,
          id: 'menu-reload-probe',
          name: 'Menu reload probe',
          version,
          permissions: [{ code: 'menu-reload-probe:page:view', name: 'View pages', scope: 'global', owner: 'menu-reload-probe' }],
          menus: menus.map((m) => ({ ...m, permission: 'menu-reload-probe:page:view' })),
        }),
      );

    it('adds the menus of a module loaded live', async () => {
      await server.kernel.loadModule(fixture('menu-live-probe'));
      expect(await api.declared('menu-live-probe', '/live/items')).to.include({ title: 'Live items', component: 'live/items/index', visible: true });
      expect(titlesIn(await api.treeFor(['menu-live-probe:item:list']))).to.deep.equal(['Live items']);
    });

    it('follows a reloaded manifest: changed menus are updated in place, dropped ones deleted, new ones added', async () => {
      writeManifest('1.0.0', [
        { title: 'Kept', path: '/kept', component: 'kept/v1' },
        { title: 'Dropped', path: '/dropped', component: 'dropped/index' },
      ]);
      await server.kernel.loadModule(folder);
      const kept = await api.declared('menu-reload-probe', '/kept');
      const dropped = await api.declared('menu-reload-probe', '/dropped');
      const orphan = await api.add('Under dropped', { parentId: dropped.id });

      writeManifest('2.0.0', [
        { title: 'Kept, renamed', path: '/kept', component: 'kept/v2' },
        { title: 'Added', path: '/added', component: 'added/index' },
      ]);
      await server.kernel.loadModule(folder);
      const menus = await api.all({ moduleId: 'menu-reload-probe', sort: 'sort,asc' });
      expect(menus.map((m) => [m.title, m.path, m.component])).to.deep.equal([
        ['Kept, renamed', '/kept', 'kept/v2'],
        ['Added', '/added', 'added/index'],
      ]);
      expect(menus[0]).to.include({ id: kept.id, version: kept.version + 1 });
      expectError(await api.read(dropped.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      // A console's menu under a deleted one moves up rather than hang from nothing.
      expect((expectSuccess(await api.read(orphan.id)).data as Menu).parentId).to.equal(null);
    });
  });
});

describe('menus: synced across restarts', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database?.cleanup());

  it('keeps one row per module menu across restarts, and deletes the menus of a module no longer loaded', async () => {
    const first = await startMenusServer({ database });
    const firstMenus = await menusClient(first).all();
    await first.stop();

    const again = await startMenusServer({ database });
    const againMenus = await menusClient(again).all();
    await again.stop();
    expect(againMenus.map((m) => m.id).sort()).to.deep.equal(firstMenus.map((m) => m.id).sort());

    // Booted without the probe modules: menu-probe's menus are gone, every other one stays.
    const without = await startTestServer({ database });
    try {
      const remaining = await menusClient(without).all();
      expect(remaining.filter((m) => m.moduleId === 'menu-probe')).to.deep.equal([]);
      expect(remaining.map((m) => m.id).sort()).to.deep.equal(
        firstMenus
          .filter((m) => m.moduleId !== 'menu-probe')
          .map((m) => m.id)
          .sort(),
      );
    } finally {
      await without.stop();
    }
  });
});
