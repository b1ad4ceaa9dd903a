import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '../../kernel/boot-error';
import { ADMIN, fixture, startTestServer, type TestServer } from '../support/server';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ModuleFolders, entry, permission } from '../kernel/support/module-folder';
import { menusClient, startMenusServer, type Menu, type MenuNode } from './helpers';

/**
 * Menu titles per language: a module translates its manifest menus' titles in code
 * (`defineModule({ menuTitles })`), a menu made through the API carries its `titles`, and
 * GET /me/menus answers each title in the caller's language, else the stored one.
 */
describe('menus: titles per language', () => {
  let server: TestServer;
  let api: ReturnType<typeof menusClient>;
  before(async () => {
    server = await startMenusServer({ modulePaths: [fixture('menu-titles-probe')] });
    api = menusClient(server);
  });
  after(() => server?.stop());

  /** GET /me/menus as the administrator, asking in `language`: title by path. */
  const navigation = async (language: string): Promise<Map<string, string>> => {
    const res = await server.http().get('/api/v1/me/menus').set('Authorization', ADMIN).set('Accept-Language', language);
    const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    return new Map(flat((expectSuccess(res).data as { items: MenuNode[] }).items).map((n) => [n.path, n.title]));
  };

  describe('declared by a module', () => {
    it('stores the translations its code declares, by path, beside the manifest’s title', async () => {
      expect(await api.declared('menu-titles-probe', '/titled/reports')).to.deep.include({ title: 'Titled reports', titles: { zh: '带标题的报表' } });
      expect(await api.declared('menu-titles-probe', '/titled/charts')).to.deep.include({ title: '季度图表', titles: { en: 'Quarterly charts' } });
      expect(await api.declared('menu-titles-probe', '/titled/plain')).to.deep.include({ title: 'Untranslated', titles: {} });
    });

    it('answers /me/menus in the caller’s language, the manifest’s title where the module gave none', async () => {
      const zh = await navigation('zh-CN');
      const en = await navigation('en-GB');
      expect(['/titled/reports', '/titled/charts', '/titled/plain'].map((p) => zh.get(p))).to.deep.equal(['带标题的报表', '季度图表', 'Untranslated']);
      expect(['/titled/reports', '/titled/charts', '/titled/plain'].map((p) => en.get(p))).to.deep.equal([
        'Titled reports',
        'Quarterly charts',
        'Untranslated',
      ]);
    });

    it('keeps the title of a module that declares no translations in both languages', async () => {
      for (const language of ['zh', 'en']) expect((await navigation(language)).get('/probe/reports'), language).to.equal('Probe reports');
    });

    it('answers 409 SYSTEM_MENU_LOCKED_409 to new titles for a module’s menu, and takes the ones it holds as no change', async () => {
      const menu = await api.declared('menu-titles-probe', '/titled/reports');
      detailFor(expectError(await api.update(menu.id, { titles: { zh: '别的' }, version: menu.version }), 409, 'SYSTEM_MENU_LOCKED_409'), '/body/titles');
      detailFor(expectError(await api.update(menu.id, { titles: {}, version: menu.version }), 409, 'SYSTEM_MENU_LOCKED_409'), '/body/titles');
      expectSuccess(await api.update(menu.id, { titles: { zh: '带标题的报表' }, sort: 3, version: menu.version }));
    });
  });

  describe('made through the API', () => {
    it('creates a menu with titles, served in the caller’s language, and lists and reads them as stored', async () => {
      const created = await api.add('Ledger', { titles: { zh: '总账', en: 'General ledger' } });
      expect(created).to.deep.include({ title: 'Ledger', titles: { zh: '总账', en: 'General ledger' } });
      expect(expectSuccess(await api.read(created.id)).data).to.deep.equal(created);
      expect((await api.all({ keyword: 'Ledger' })).find((m) => m.id === created.id)?.titles).to.deep.equal({ zh: '总账', en: 'General ledger' });
      expect((await navigation('zh')).get('/ledger')).to.equal('总账');
      expect((await navigation('en')).get('/ledger')).to.equal('General ledger');
    });

    it('replaces the titles with those a PUT sends, and keeps them when it sends none', async () => {
      const menu = await api.add('Budget', { titles: { zh: '预算' } });
      const renamed = expectSuccess(await api.update(menu.id, { title: 'Budgets', version: menu.version })).data as Menu;
      expect(renamed.titles).to.deep.equal({ zh: '预算' });
      const changed = expectSuccess(await api.update(menu.id, { titles: { en: 'Budget plans' }, version: renamed.version })).data as Menu;
      expect(changed.titles).to.deep.equal({ en: 'Budget plans' });
      expect((await navigation('zh')).get('/budget')).to.equal('Budgets');
      expect((await navigation('en')).get('/budget')).to.equal('Budget plans');
    });

    it('answers 400 naming the field for an empty or overlong title, another language or a title that is not text', async () => {
      const base = { title: 'T', path: '/t', component: 'c', permission: 'a:b:c' };
      const refused = async (titles: unknown, field: string) =>
        detailFor(expectError(await api.create({ ...base, titles }), 400, 'VALIDATION_FAILED_400'), field);
      await refused({ zh: '' }, '/body/titles/zh');
      await refused({ en: 'x'.repeat(257) }, '/body/titles/en');
      await refused({ fr: 'Rapports' }, '/body/titles/fr');
      await refused({ zh: 7 }, '/body/titles/zh');
      await refused('报表', '/body/titles');
      const menu = await api.add('Validated');
      detailFor(expectError(await api.update(menu.id, { titles: { zh: '' }, version: menu.version }), 400, 'VALIDATION_FAILED_400'), '/body/titles/zh');
      expectSuccess(await api.create({ ...base, titles: { zh: 'x'.repeat(256) } }), 201);
    });
  });

  describe('a module reloaded with changed translations', () => {
    let folder: string;
    before(() => {
      folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-menu-titles-')), 'menu-titles-reload');
      fs.mkdirSync(folder);
      fs.writeFileSync(
        path.join(folder, 'manifest.json'),
        JSON.stringify({
          $schema: 'https://atrium.dev/schemas/module-manifest/v1.json',
          schemaVersion: 1,
          id: 'menu-titles-reload',
          name: 'Menu titles reload',
          version: '1.0.0',
          permissions: [permission('menu-titles-reload:page:view')],
          menus: [{ title: 'Orders', path: '/orders', component: 'orders/index', permission: 'menu-titles-reload:page:view' }],
        }),
      );
    });
    after(() => fs.rmSync(path.dirname(folder), { recursive: true, force: true }));

    const writeEntry = (menuTitles: string) => fs.writeFileSync(path.join(folder, 'index.ts'), entry(`  menuTitles: ${menuTitles},`));

    it('follows the code: a changed translation is updated in place, a dropped one removed', async () => {
      writeEntry(`{ zh: { '/orders': '订单' } }`);
      await server.kernel.loadModule(folder);
      const before = await api.declared('menu-titles-reload', '/orders');
      expect(before.titles).to.deep.equal({ zh: '订单' });

      writeEntry(`{ zh: { '/orders': '订单管理' }, en: { '/orders': 'Sales orders' } }`);
      await server.kernel.loadModule(folder);
      const after = await api.declared('menu-titles-reload', '/orders');
      expect(after).to.deep.include({ id: before.id, version: before.version + 1, titles: { zh: '订单管理', en: 'Sales orders' } });
      expect((await navigation('zh')).get('/orders')).to.equal('订单管理');

      writeEntry('{}');
      await server.kernel.loadModule(folder);
      expect((await api.declared('menu-titles-reload', '/orders')).titles).to.deep.equal({});
      expect((await navigation('zh')).get('/orders')).to.equal('Orders');
    });
  });
});

describe('menus: translations a boot refuses', () => {
  let database: TestDatabase;
  let folders: ModuleFolders;
  before(async () => {
    database = await createTestDatabase();
    folders = new ModuleFolders();
  });
  after(async () => {
    folders?.remove();
    await database?.cleanup();
  });

  it('refuses a translation of a path the manifest does not declare, and a language it does not speak, naming the entry', async () => {
    const dir = folders.write('mistitled', {
      manifest: {
        permissions: [permission('mistitled:page:view')],
        menus: [{ title: 'Pages', path: '/mistitled/pages', component: 'pages/index', permission: 'mistitled:page:view' }],
      },
      files: { 'index.ts': entry(`  menuTitles: { zh: { '/mistitled/page': '页面' }, fr: { '/mistitled/pages': 'Pages' }, en: { '/mistitled/pages': '' } },`) },
    });
    let error: unknown;
    try {
      await (await startTestServer({ modulePaths: [dir], database })).stop();
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(BootError);
    const lines = (error as BootError).message.split('\n');
    const prefix = `mistitled (${path.join(dir, 'index.ts')}): `;
    expect(lines).to.include(
      `${prefix}menuTitles.zh translates menu path "/mistitled/page", which the manifest does not declare: add it to "menus" in ${path.join(dir, 'manifest.json')}, or drop it`,
    );
    expect(lines).to.include(`${prefix}menuTitles names language "fr", which is not supported: use en or zh`);
    expect(lines).to.include(`${prefix}menuTitles.en gives menu path "/mistitled/pages" a title that is not a string of 1 to 256 characters`);
    expect((error as BootError).problems.filter((p) => p.moduleId === 'mistitled')).to.have.length(3);
  });
});
