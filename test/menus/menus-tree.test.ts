import { expect } from 'chai';
import type { TestServer } from '../support/server';
import { expectSuccess } from '../http/helpers';
import { menusClient, shape, startMenusServer, titlesIn, type Menu, type MenuNode } from './helpers';

describe('menus: trees', () => {
  let server: TestServer;
  let api: ReturnType<typeof menusClient>;
  let tools: Menu;
  before(async () => {
    server = await startMenusServer();
    api = menusClient(server);
    tools = await api.add('Tools', { type: 'directory', permission: 'tools:dir:view', sort: -1 });
    await api.add('Tools B', { parentId: tools.id, permission: 'tools:b:view', sort: 2 });
    await api.add('Tools A', { parentId: tools.id, permission: 'tools:a:view', sort: 2 });
    const zed = await api.add('Tools Z', { parentId: tools.id, type: 'directory', permission: 'tools:z:view', sort: 0 });
    await api.add('Tools Z leaf', { parentId: zed.id, type: 'button', permission: 'tools:leaf:press' });
    await api.add('Tools hidden', { parentId: tools.id, permission: 'tools:hidden:view', sort: 3, visible: false });
    const secret = await api.add('Secret dir', { type: 'directory', permission: 'secret:dir:view', visible: false });
    await api.add('Secret page', { parentId: secret.id, permission: 'secret:page:view' });
    // A module's menu moved by a console under a directory of its own.
    const charts = await api.add('Charts dir', { type: 'directory', permission: 'nobody:has:this' });
    const probe = await api.declared('menu-probe', '/probe/charts');
    expectSuccess(await api.update(probe.id, { parentId: charts.id, version: probe.version }));
  });
  after(() => server?.stop());

  const treeOf = async () => (expectSuccess(await api.tree()).data as { items: MenuNode[] }).items;
  const find = (nodes: readonly MenuNode[], title: string): MenuNode | undefined =>
    nodes.map((n) => (n.title === title ? n : find(n.children, title))).find(Boolean);

  describe('GET /menus/tree', () => {
    it('nests every menu under `children`, siblings by sort then title, hidden ones included', async () => {
      const tree = await treeOf();
      expect(shape([find(tree, 'Tools')!])).to.equal('Tools(Tools Z(Tools Z leaf),Tools A,Tools B,Tools hidden)');
      expect(shape([find(tree, 'Secret dir')!])).to.equal('Secret dir(Secret page)');
      expect(shape([find(tree, 'Charts dir')!])).to.equal('Charts dir(Probe charts)');
      // Sort -1 puts Tools before every module menu (sort 0 and up) among the roots.
      expect(tree[0].title).to.equal('Tools');
    });

    it('gives each node the menu’s fields and its children', async () => {
      const node = find(await treeOf(), 'Tools A')!;
      expect(node).to.include({
        parentId: tools.id,
        title: 'Tools A',
        path: '/tools-a',
        permission: 'tools:a:view',
        type: 'menu',
        visible: true,
        moduleId: null,
      });
      expect(Object.keys(node).sort()).to.deep.equal([
        'children',
        'component',
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
        'visible',
      ]);
    });
  });

  describe('menus.MenuTree.treeFor', () => {
    it('gives the visible menus the permissions grant, wildcards included, with their ancestors', async () => {
      expect(shape(await api.treeFor(['tools:*:view']))).to.equal('Tools(Tools Z,Tools A,Tools B)');
      expect(shape(await api.treeFor(['tools:a:view']))).to.equal('Tools(Tools A)');
      expect(shape(await api.treeFor(['*:*:press']))).to.equal('Tools(Tools Z(Tools Z leaf))');
      expect(shape(await api.treeFor(['menu-probe:chart:*']))).to.equal('Charts dir(Probe charts)');
    });

    it('leaves out hidden menus and everything under them', async () => {
      expect(await api.treeFor(['tools:hidden:view'])).to.deep.equal([]);
      expect(await api.treeFor(['secret:*:*'])).to.deep.equal([]);
      const all = titlesIn(await api.treeFor(['*:*:*']));
      expect(all).to.include.members(['Tools', 'Tools Z leaf', 'Modules', 'Roles', 'Menus', 'Probe reports', 'Probe charts']);
      expect(all).to.not.include.members(['Tools hidden', 'Secret dir', 'Secret page']);
    });

    it('gives nothing for no permissions', async () => {
      expect(await api.treeFor([])).to.deep.equal([]);
    });
  });
});
