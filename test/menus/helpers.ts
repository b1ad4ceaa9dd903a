/** What the menu tests share: a server with the menu probes, and short ways to call it. */
import { expect } from 'chai';
import type { Response } from 'supertest';
import { ADMIN, fixture, startTestServer, type TestServer, type TestServerOptions } from '../support/server';

export interface Menu {
  id: string;
  parentId: string | null;
  title: string;
  titles: { en?: string; zh?: string };
  path: string;
  component: string;
  permission: string;
  type: 'directory' | 'menu' | 'button';
  icon: string | null;
  sort: number;
  visible: boolean;
  moduleId: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface MenuNode extends Omit<Menu, 'titles' | 'version' | 'createdAt' | 'updatedAt'> {
  children: MenuNode[];
}

/**
 * The real server with menu-probe (a module with two menus that nothing depends on) and
 * menu-tree-probe (which answers what menus.MenuTree gives).
 */
export function startMenusServer(options: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({ ...options, modulePaths: [fixture('menu-probe'), fixture('menu-tree-probe'), ...(options.modulePaths ?? [])] });
}

export function menusClient(server: TestServer) {
  const http = () => server.http();
  return {
    http,
    list: (query: Record<string, unknown> = {}, token = ADMIN) => http().get('/api/v1/menus').query(query).set('Authorization', token),
    tree: (token = ADMIN) => http().get('/api/v1/menus/tree').set('Authorization', token),
    read: (id: string, token = ADMIN) => http().get(`/api/v1/menus/${id}`).set('Authorization', token),
    create: (body: Record<string, unknown>, token = ADMIN) => http().post('/api/v1/menus').set('Authorization', token).send(body),
    update: (id: string, body: Record<string, unknown>, token = ADMIN) => http().put(`/api/v1/menus/${id}`).set('Authorization', token).send(body),
    remove: (id: string, token = ADMIN, query: Record<string, unknown> = {}) => http().delete(`/api/v1/menus/${id}`).query(query).set('Authorization', token),
    /** Creates a menu through the API that must be created, and returns it. */
    async add(title: string, extra: Record<string, unknown> = {}): Promise<Menu> {
      const res = await http()
        .post('/api/v1/menus')
        .set('Authorization', ADMIN)
        .send({ title, path: `/${title.toLowerCase().replace(/\W+/g, '-')}`, component: 'layout', permission: 'console:page:view', ...extra });
      expect(res.status, res.text).to.equal(201);
      return res.body.data as Menu;
    },
    /** Every menu the list shows (one page of 200 is plenty here). */
    async all(query: Record<string, unknown> = {}): Promise<Menu[]> {
      const res = await http()
        .get('/api/v1/menus')
        .query({ pageSize: 200, ...query })
        .set('Authorization', ADMIN);
      expect(res.status, res.text).to.equal(200);
      return res.body.data.items as Menu[];
    },
    /** The module menu declared at `path`. */
    async declared(moduleId: string, path: string): Promise<Menu> {
      const found = (await this.all({ moduleId })).find((m) => m.path === path);
      expect(found, `${moduleId} ${path}`).to.not.equal(undefined);
      return found!;
    },
    /** What menus.MenuTree.treeFor answers for these permissions. */
    async treeFor(permissions: string[]): Promise<MenuNode[]> {
      const res = await http().post('/api/v1/menu-tree-probe').set('Authorization', ADMIN).send({ permissions });
      expect(res.status, res.text).to.equal(200);
      return res.body.data.tree as MenuNode[];
    },
    async disable(moduleId: string): Promise<void> {
      const res = await http().post(`/api/v1/system/modules/${moduleId}/disable`).set('Authorization', ADMIN);
      expect(res.status, res.text).to.equal(200);
    },
    async enable(moduleId: string): Promise<void> {
      const res = await http().post(`/api/v1/system/modules/${moduleId}/enable`).set('Authorization', ADMIN);
      expect(res.status, res.text).to.equal(200);
    },
  };
}

/** A tree as titles: `A(B,C),D`. */
export function shape(nodes: readonly MenuNode[]): string {
  return nodes.map((n) => (n.children.length > 0 ? `${n.title}(${shape(n.children)})` : n.title)).join(',');
}

/** Every title in a tree, depth first. */
export function titlesIn(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => [n.title, ...titlesIn(n.children)]);
}

export function titles(res: Response): string[] {
  return (res.body.data.items as Menu[]).map((m) => m.title);
}
