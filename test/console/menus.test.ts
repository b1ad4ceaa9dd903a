import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, TEST_PASSWORD, createUser } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

interface Menu {
  id: string;
  parentId: string | null;
  title: string;
  titles: { en?: string; zh?: string };
  type: string;
}

/**
 * The console's menus page (pages/custom/menus), in Chromium against the real server: the tree
 * table of every menu, a directory and a menu under it made through the page (and the side menu
 * following), the fields a type has, a title in Chinese shown in the Chinese side menu, a
 * module's menu that keeps what its manifest decides, the API's refusal to delete a menu with
 * children, and a lesser administrator offered no change.
 */
describe('browser: the menus page', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;

  const menuTitled = async (title: string) =>
    ((await server.http().get('/api/v1/menus').query({ keyword: title }).set('Authorization', ADMIN)).body.data.items as Menu[]).find(
      (menu) => menu.title === title,
    );
  // By the title's cell, whose text is the title alone (a parent's expander is a button without text).
  const row = (title: string) => page.locator('.ant-table-row', { has: page.locator('td:first-child', { hasText: new RegExp(`^${title}$`) }) });
  const dialog = () => page.getByRole('dialog');
  /** The form's fields are named `menu_<field>` (FormModal's form name). */
  const fill = async (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) await ui.field(`menu_${name}`).fill(value);
  };
  const save = async () => {
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
  };

  before(async function () {
    ui = await openConsole(this);
    ({ server, page, record } = ui);
  });
  after(() => ui?.close());

  it('shows every menu in a tree table with its type, path, component, permission and module', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await ui.sideMenu().filter({ hasText: 'Menus' }).click();
    await page.waitForURL(/\/system\/menus$/);
    await row('Roles').waitFor();
    expect(await row('Roles').locator('td').allTextContents()).to.include.members(['Menu', '/system/roles', 'system/roles/index', 'system:role:list', 'roles']);
  });

  it('creates a directory at the root, then a menu under it with Add under, shown beneath its parent', async () => {
    await page.getByRole('button', { name: 'Create' }).click();
    // A root menu starts as a directory.
    expect(await dialog().getByRole('radio', { name: 'Directory' }).isChecked()).to.equal(true);
    await fill({ title: 'Reports', path: '/reports', component: 'reports/index', permission: 'system:post:list' });
    await save();
    await row('Reports').waitFor();

    await row('Reports').getByRole('button', { name: 'Add under' }).click();
    // Under a directory, a new menu starts as a page, its parent already chosen.
    expect(await dialog().getByRole('radio', { name: 'Menu', exact: true }).isChecked()).to.equal(true);
    expect(
      await dialog()
        .locator('.ant-form-item', { has: page.locator('#menu_parentId') })
        .textContent(),
    ).to.include('Reports');
    await fill({ title: 'Sales report', path: '/reports/sales', component: 'reports/sales/index', permission: 'system:post:list' });
    await save();
    await row('Sales report').waitFor();

    const [reports, sales] = [await menuTitled('Reports'), await menuTitled('Sales report')];
    expect(sales?.parentId).to.equal(reports?.id);
    expect(await row('Sales report').getAttribute('class')).to.include('ant-table-row-level-1');
    const order = await page.locator('.ant-table-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key')));
    expect(order.indexOf(sales!.id)).to.equal(order.indexOf(reports!.id) + 1);
    // The side menu follows at once: the directory opens into its page.
    await page.locator('.ant-layout-sider .ant-menu-submenu-title', { hasText: 'Reports' }).click();
    await ui.sideMenu().filter({ hasText: 'Sales report' }).waitFor();
  });

  it('asks a button for no icon or visibility, which only navigation entries have', async () => {
    await row('Sales report').getByRole('button', { name: 'Add under' }).click();
    // Under a page, a new menu starts as a button.
    expect(await dialog().getByRole('radio', { name: 'Button' }).isChecked()).to.equal(true);
    expect(await ui.field('menu_icon').count()).to.equal(0);
    await dialog().locator('.ant-radio-button-wrapper', { hasText: 'Directory' }).click();
    await ui.field('menu_icon').waitFor();
    await ui.field('menu_visible').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('gives a menu its title in Chinese, which the side menu shows when the console speaks Chinese', async () => {
    await row('Sales report').getByRole('button', { name: 'Edit' }).click();
    await page.waitForFunction(() => (document.querySelector('#menu_title') as HTMLInputElement | null)?.value === 'Sales report');
    await fill({ titles_zh: '销售报表' });
    await save();
    expect((await menuTitled('Sales report'))?.titles).to.deep.equal({ zh: '销售报表' });
    await page.getByText('中文').click();
    await ui.sideMenu().filter({ hasText: '销售报表' }).waitFor();
    await ui.sideMenu().filter({ hasText: '用户管理' }).waitFor();
    await page.getByText('English').click();
    await ui.sideMenu().filter({ hasText: 'Sales report' }).waitFor();
  });

  it('keeps what a module’s manifest decides about its menu: those fields are locked, and it has no delete', async () => {
    expect(await row('Roles').getByRole('button', { name: 'Delete' }).count()).to.equal(0);
    await row('Roles').getByRole('button', { name: 'Edit' }).click();
    await page.waitForFunction(() => (document.querySelector('#menu_title') as HTMLInputElement | null)?.value === 'Roles');
    expect(await ui.field('menu_title').isDisabled()).to.equal(true);
    // Its title in Chinese is the one its module declares.
    expect(await ui.field('menu_titles_zh').inputValue()).to.equal('角色管理');
    expect(await ui.field('menu_titles_zh').isDisabled()).to.equal(true);
    expect(await ui.field('menu_permission').isDisabled()).to.equal(true);
    expect(await ui.field('menu_icon').isDisabled()).to.equal(false);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('shows the API’s refusal to delete a menu that has children, then deletes the child and the menu', async () => {
    const refused = await server
      .http()
      .delete(`/api/v1/menus/${(await menuTitled('Reports'))!.id}`)
      .set('Authorization', ADMIN)
      .set('Accept-Language', 'en');
    expect(refused.status).to.equal(409);
    // After each delete the tree and the side menu are read again; the next click waits for them.
    const remove = async (title: string) => {
      const reread = Promise.all(['/api/v1/menus/tree', '/api/v1/me/menus'].map((path) => page.waitForResponse((response) => response.url().endsWith(path))));
      await row(title).getByRole('button', { name: 'Delete' }).click();
      await ui.confirm();
      await reread;
    };
    await remove('Reports');
    expect(await page.locator('.ant-notification-notice', { hasText: 'HTTP 409' }).textContent()).to.include((refused.body as { message: string }).message);
    await remove('Sales report');
    await row('Sales report').waitFor({ state: 'detached' });
    await remove('Reports');
    await row('Reports').waitFor({ state: 'detached' });
    expect(await menuTitled('Reports')).to.equal(undefined);
  });

  it('a lesser administrator, who may only list menus, is offered no create, add, edit or delete', async () => {
    const lesser = await createUser(server, { permissions: ['system:menu:list', 'system:catalog:query', 'me:profile:query', 'me:menu:list'] });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await ui.signIn(lesser.username, TEST_PASSWORD);
    await ui.sideMenu().filter({ hasText: 'Menus' }).click();
    await row('Roles').waitFor();
    // Rows still open and fold (their expanders are buttons), but no action is offered.
    expect(await page.locator('.ant-card .ant-btn').count()).to.equal(0);
  });

  it('made no uncaught error, CSP violation or console error but the 409 it provoked', () => {
    const provoked = /status of 409 \(Conflict\)/;
    expect(record.consoleErrors.filter((text) => provoked.test(text))).to.have.length(1);
    const consoleErrors = record.consoleErrors.filter((text) => !provoked.test(text));
    const { pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
