import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, TEST_PASSWORD, createRole, createUser, login, uniqueName } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

interface Department {
  id: string;
  version: number;
}

/**
 * The console's own pages for users and departments (pages/custom/users, pages/custom/
 * departments), in Chromium against the real server: the department tree narrowing the users,
 * enable/disable, the conflict of a stale edit, a move by dragging and one refused by the API,
 * and a user made on the page whose role allows some menus and who then sees only those.
 */
describe('browser: the users and departments pages', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;

  const api = () => server.http();
  const treeNode = (name: string) => page.locator('.ant-tree-treenode', { has: page.getByText(name, { exact: true }) });
  const userNamed = async (username: string) =>
    (await api().get('/api/v1/users').query({ keyword: username }).set('Authorization', ADMIN)).body.data.items[0] as {
      id: string;
      status: string;
      nickname: string;
      roleIds: string[];
      version: number;
    };
  const department = async (name: string, parentId?: string): Promise<Department> => {
    const res = await api()
      .post('/api/v1/departments')
      .set('Authorization', ADMIN)
      .send({ name, ...(parentId ? { parentId } : {}) });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data as Department;
  };

  let sales: Department;
  let support: Department;
  let inSales: string;
  let inEast: string;
  let elsewhere: string;

  before(async function () {
    ui = await openConsole(this);
    ({ server, page, record } = ui);
    sales = await department('Sales');
    const east = await department('East', sales.id);
    support = await department('Support');
    inSales = (await createUser(server, { deptId: sales.id })).username;
    inEast = (await createUser(server, { deptId: east.id })).username;
    elsewhere = (await createUser(server, { deptId: support.id })).username;
  });
  after(() => ui?.close());

  it('narrows the users to a department and those under it when the department is picked in the tree', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await ui.sideMenu().filter({ hasText: 'Users' }).click();
    await page.waitForURL(/\/system\/users$/);
    await ui.row(elsewhere).waitFor();
    const narrowed = page.waitForResponse((response) => response.url().includes(`deptId=${sales.id}`));
    await page.locator('.ant-tree').getByText('Sales', { exact: true }).click();
    await narrowed;
    await ui.row(elsewhere).waitFor({ state: 'detached' });
    const shown = await page.locator('.ant-table-row td:first-child').allTextContents();
    expect(shown.sort()).to.deep.equal([inEast, inSales].sort());
  });

  it('disables a user with the status switch', async () => {
    await page.getByRole('switch', { name: `${inSales} enabled` }).click();
    await page.waitForFunction((name) => document.querySelector(`[aria-label="${name}"]`)?.getAttribute('aria-checked') === 'false', `${inSales} enabled`);
    expect((await userNamed(inSales)).status).to.equal('disabled');
  });

  it('shows the conflict when someone else changed the user after the form read it, and keeps their change', async () => {
    await ui.row(inEast).getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/system\/users\/edit\/[^/]+$/);
    await page.waitForFunction((name) => (document.querySelector('form #nickname') as HTMLInputElement | null)?.value === name, inEast);
    const user = await userNamed(inEast);
    const meanwhile = await api().put(`/api/v1/users/${user.id}`).set('Authorization', ADMIN).send({ nickname: 'Changed meanwhile', version: user.version });
    expect(meanwhile.status).to.equal(200);
    await ui.field('nickname').fill('Stale edit');
    await page.getByRole('button', { name: 'Save' }).click();
    const notice = page.locator('.ant-notification-notice', { hasText: 'HTTP 409' });
    expect(await notice.textContent()).to.include('The resource was changed by someone else; reload it and try again.');
    expect((await userNamed(inEast)).nickname).to.equal('Changed meanwhile');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/system\/users$/);
  });

  it('resets a user’s password in a dialog, after which the new one signs in', async () => {
    await ui.row(inEast).getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('dialog').getByLabel('New password').fill('a-new-passphrase-42');
    const reset = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/password'));
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    expect((await reset).status()).to.equal(200);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await login(server, inEast, 'a-new-passphrase-42')).accessToken).to.be.a('string');
  });

  it('deletes a user after confirmation', async () => {
    await ui.row(inSales).getByRole('button', { name: 'Delete' }).click();
    await ui.confirm();
    await ui.row(inSales).waitFor({ state: 'detached' });
    expect(await userNamed(inSales)).to.equal(undefined);
  });

  it('refuses, with the API’s message, to move a department under its own descendant', async () => {
    await ui.sideMenu().filter({ hasText: 'Departments' }).click();
    await page.waitForURL(/\/system\/departments$/);
    // The tree itself will not drop a node among its descendants, so such a move can only be asked through the form.
    await treeNode('Sales').getByRole('button', { name: 'Edit' }).click();
    await page.waitForFunction(() => (document.querySelector('#department_name') as HTMLInputElement | null)?.value === 'Sales');
    await page
      .locator('.ant-form-item', { has: page.locator('#department_parentId') })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-dropdown .ant-select-tree-node-content-wrapper', { hasText: 'East' }).click();
    await page
      .locator('.ant-form-item', { has: page.locator('#department_parentId') })
      .locator('.ant-select-selection-item', { hasText: 'East' })
      .waitFor();
    const moved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes(`/api/v1/departments/${sales.id}`));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await moved).status()).to.equal(409);
    await page.locator('.ant-notification-notice', { hasText: 'A department cannot be moved under itself or under one of its own descendants.' }).waitFor();
    const res = await api().get(`/api/v1/departments/${sales.id}`).set('Authorization', ADMIN);
    expect({ parentId: res.body.data.parentId, version: res.body.data.version }).to.deep.equal({ parentId: null, version: sales.version });
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('moves a department under another by dragging it there', async () => {
    const wrapper = (name: string) => treeNode(name).locator('.ant-tree-node-content-wrapper');
    const moved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes(`/api/v1/departments/${support.id}`));
    await wrapper('Support').dragTo(wrapper('Sales'));
    expect((await moved).status()).to.equal(200);
    expect((await api().get(`/api/v1/departments/${support.id}`).set('Authorization', ADMIN)).body.data.parentId).to.equal(sales.id);
    // The tree is read again after the move: Support is drawn one level down, beside East.
    await page.waitForFunction(() => {
      const levels = [...document.querySelectorAll('.ant-tree-treenode')].map((node) => [
        node.textContent,
        node.querySelectorAll('.ant-tree-indent-unit').length,
      ]);
      return levels.some(([text, depth]) => String(text).startsWith('Support') && depth === 1);
    });
  });

  it('creates a user on the page with a role that allows some menus; signed in, that user sees only those', async () => {
    const role = await createRole(server, { permissions: ['system:post:list', 'me:profile:query', 'me:menu:list'] });
    const username = uniqueName('clerk');
    await ui.sideMenu().filter({ hasText: 'Users' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/system\/users\/create$/);
    await ui.field('username').fill(username);
    await ui.field('password').fill(TEST_PASSWORD);
    await page
      .locator('.ant-form-item', { has: page.locator('#roleIds') })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-item-option', { hasText: role.code }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/system\/users$/);
    await ui.row(username).waitFor();
    expect((await userNamed(username)).roleIds).to.deep.equal([role.id]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await ui.signIn(username, TEST_PASSWORD);
    await ui.sideMenu().first().waitFor();
    expect(await ui.sideMenu().allTextContents()).to.deep.equal(['Posts']);
  });

  it('lists users to someone who may not list departments, without asking for the department tree', async () => {
    const viewer = await createUser(server, { permissions: ['system:user:list', 'me:profile:query', 'me:menu:list'] });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    const treeAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/departments/tree')) treeAsked.push(request.url());
    });
    await ui.signIn(viewer.username, viewer.password);
    await ui.sideMenu().filter({ hasText: 'Users' }).click();
    await ui.row(viewer.username).waitFor();
    expect(treeAsked).to.deep.equal([]);
  });

  it('made no uncaught error, CSP violation or console error but the 409s it provoked', () => {
    const provoked = /status of 409 \(Conflict\)/;
    expect(record.consoleErrors.filter((text) => provoked.test(text))).to.have.length(2);
    const consoleErrors = record.consoleErrors.filter((text) => !provoked.test(text));
    const { pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
