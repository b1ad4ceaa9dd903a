import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { generated, generatorApi, imported, updated } from '../generator/helpers';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

/**
 * A module the generator makes from a table is usable in the console at once, with no frontend
 * code: its menu appears, and its list, form and delete come from the live catalog.
 */
describe('browser: a generated module in the console', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;
  let menuTitle: string;
  let resourcePath: string;

  const itemsIn = async () => (await server.http().get(`/api/v1${resourcePath}`).set('Authorization', ADMIN)).body.data.items as Record<string, unknown>[];

  before(async function () {
    ui = await openConsole(this, async (started) => {
      await started.sql(
        `create table reading_list (id uuid primary key, title varchar(80) not null, pages int, finished boolean not null default false, started_at timestamptz,
        genre varchar(20), version int not null default 1, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
      );
      // The genre holds a dictionary's values: the console offers and shows their labels.
      const post = (url: string, body: object) => started.http().post(`/api/v1${url}`).set('Authorization', ADMIN).send(body).expect(201);
      await post('/dictionaries', { code: 'rl_genre', name: 'Genres' });
      await post('/dictionaries/rl_genre/items', { value: 'scifi', label: 'scifi', labels: { en: 'Science fiction', zh: '科幻' } });
      await post('/dictionaries/rl_genre/items', { value: 'poetry', label: 'poetry', labels: { en: 'Poetry', zh: '诗歌' } });
      const api = generatorApi(started);
      const table = await updated(api, await imported(api, 'reading_list'), { columns: [{ columnName: 'genre', dictCode: 'rl_genre' }] });
      resourcePath = table.resourcePath;
      await generated(api, table.id);
      const menus = (await started.http().get('/api/v1/me/menus').set('Authorization', ADMIN)).body.data.items as { title: string; moduleId: string }[];
      menuTitle = menus.find((menu) => menu.moduleId === table.moduleId)!.title;
    });
    ({ server, page, record } = ui);
  });
  after(() => ui?.close());

  it('shows the new module’s menu to the administrator', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await ui.sideMenu().filter({ hasText: menuTitle }).click();
    await page.getByRole('button', { name: 'Create' }).waitFor();
  });

  it('creates a row through the form drawn from the create schema (text, number, switch, date and time, a dictionary’s choice)', async () => {
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/create$/);
    await ui.field('title').fill('Dune');
    await ui.field('pages').fill('412');
    await ui.field('finished').click();
    await ui.field('startedAt').click();
    await ui.field('startedAt').fill('2026-03-01 10:30:00');
    await ui.field('startedAt').press('Enter');
    // The picker's panel closes before the form is saved: it would take the click meant for Save.
    await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
    await ui.field('genre').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Science fiction' }).click();
    expect({ title: await ui.field('title').inputValue(), startedAt: await ui.field('startedAt').inputValue() }).to.deep.equal({
      title: 'Dune',
      startedAt: '2026-03-01 10:30:00',
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/create'));
    await ui.row('Dune').waitFor();
    // The list shows the genre's label; the API stores its value.
    await ui.row('Dune').getByText('Science fiction').waitFor();
    const startedAt = await page.evaluate(() => new Date(2026, 2, 1, 10, 30).toISOString());
    expect((await itemsIn()).map(({ title, pages, finished, startedAt, genre }) => ({ title, pages, finished, startedAt, genre }))).to.deep.equal([
      { title: 'Dune', pages: 412, finished: true, startedAt, genre: 'scifi' },
    ]);
  });

  it('shows the date and time it read in the edit form, and clears it', async () => {
    await ui.row('Dune').getByRole('button', { name: 'Edit' }).click();
    await page.waitForFunction(() => (document.querySelector('form #startedAt') as HTMLInputElement | null)?.value === '2026-03-01 10:30:00');
    await ui.field('startedAt').hover();
    await page.locator('.ant-picker-clear').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Create' }).waitFor();
    expect((await itemsIn())[0].startedAt).to.equal(null);
  });

  it('deletes it after confirmation', async () => {
    await ui.row('Dune').getByRole('button', { name: 'Delete' }).click();
    await ui.confirm();
    await ui.row('Dune').waitFor({ state: 'detached' });
    expect(await itemsIn()).to.deep.equal([]);
  });

  it('caused no console error, uncaught error or CSP violation', () => {
    const { consoleErrors, pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
