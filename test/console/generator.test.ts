import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { column, generatorApi, itemsOf, previewed, type GeneratorApi, type TableView } from '../generator/helpers';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, createUser } from '../support/identity';
import type { TestServer } from '../support/server';

/**
 * The code generator's page (pages/custom/generator), in Chromium against the real server: a
 * table made in the test's database imported from the available ones, its configuration
 * edited, its files previewed, and its module generated — the new menu in the side menu at
 * once, opening the page drawn from the catalog — and a lesser administrator offered no change.
 */
describe('browser: the code generator page', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;
  let api: GeneratorApi;

  const imported = async () => itemsOf<TableView>(await api.list({ keyword: 'shelf_items' }))[0];
  const configuration = async () => (await api.read((await imported()).id)).body.data as TableView;

  before(async function () {
    ui = await openConsole(this, async (started) => {
      await started.sql(
        `create table shelf_items (id uuid primary key, title varchar(80) not null, weight int,
        version int not null default 1, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
      );
      await started.sql(`insert into shelf_items (id, title) values ('01890a5d-ac96-774b-bcce-b302099a8058', 'Brass lamp')`);
    });
    ({ server, page, record } = ui);
    api = generatorApi(server);
  });
  after(() => ui?.close());

  it('imports a table picked among the available ones and opens its proposed configuration', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await ui.sideMenu().filter({ hasText: 'Code generator' }).click();
    await page.waitForURL(/\/tool\/generator$/);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Table' }).fill('shelf');
    await page.locator('.ant-select-item-option', { hasText: 'shelf_items' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(/\/tool\/generator\/edit\/[^/]+$/);
    const table = await imported();
    expect(page.url()).to.match(new RegExp(`/edit/${table.id}$`));
    await page.waitForFunction((moduleId) => (document.querySelector('form #moduleId') as HTMLInputElement | null)?.value === moduleId, table.moduleId);
  });

  it('saves the configuration changed on the page: the module’s name and a column’s settings', async () => {
    await ui.field('moduleName').fill('Shelf items');
    const index = (await configuration()).columns.findIndex((c) => c.columnName === 'weight');
    await ui.field(`columns_${index}_label`).fill('Weight in grams');
    await page.getByRole('checkbox', { name: 'weight Filter', exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/tool\/generator$/);
    const table = await configuration();
    expect(table.moduleName).to.equal('Shelf items');
    expect({ ...column(table, 'weight') }).to.include({ label: 'Weight in grams', query: true });
    await ui.row('shelf_items').getByText('Shelf items').waitFor();
  });

  it('previews every file the module would have, and shows the code of the one picked', async () => {
    const table = await imported();
    const files = await previewed(api, table.id);
    await ui.row('shelf_items').getByRole('button', { name: 'Preview' }).click();
    await page.waitForURL(/\/tool\/generator\/preview\/[^/]+$/);
    const list = page.getByRole('menu', { name: 'Files' }).getByRole('menuitem');
    await list.first().waitFor();
    expect(await list.allTextContents()).to.deep.equal(files.map((file) => file.path));
    const manifest = files.find((file) => file.path === 'manifest.json')!;
    await list.filter({ hasText: /^manifest\.json$/ }).click();
    expect(await page.locator('pre').textContent()).to.equal(manifest.content);
    expect(manifest.content).to.include('"title": "Shelf items"');
  });

  it('generates the module: its menu appears in the side menu without a reload and opens its list', async () => {
    await page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));
    await page.getByRole('button', { name: 'Generate' }).click();
    await ui.sideMenu().filter({ hasText: 'Shelf items' }).waitFor();
    expect((await imported()).generatedAt).to.be.a('string');
    await ui.sideMenu().filter({ hasText: 'Shelf items' }).click();
    await ui.row('Brass lamp').waitFor();
    await page.getByRole('button', { name: 'Create' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'weight', exact: true }).count()).to.equal(1);
    expect(await page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).to.equal(true);
  });

  it('a lesser administrator who may only list tables is offered no import, edit, preview, generate or delete', async () => {
    const lesser = await createUser(server, { permissions: ['generator:table:list', 'me:profile:query', 'me:menu:list'] });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await ui.signIn(lesser.username, lesser.password);
    await ui.sideMenu().filter({ hasText: 'Code generator' }).click();
    await ui.row('shelf_items').waitFor();
    await page.getByRole('button', { name: 'Search' }).waitFor();
    expect(await page.getByRole('button', { name: /^(Import|Edit|Preview|Generate|Delete)$/ }).count()).to.equal(0);
  });

  it('made no uncaught error, CSP violation or console error', () => {
    const { consoleErrors, pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
