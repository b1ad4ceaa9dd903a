import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, TEST_PASSWORD, createRole, createUser, uniqueName } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

/** The seeded administrator role (modules/roles/README.md). */
const ADMIN_ROLE = '01900000-0000-7000-8000-000000000001';

interface Role {
  id: string;
  code: string;
  status: string;
  dataScope: string;
  deptIds: string[];
  permissions: string[];
  version: number;
}

/**
 * The console's roles and tenant packages pages (pages/custom/roles, packages, and the
 * permission tree both use), in Chromium against the real server: a role made on the page with
 * permissions ticked in the tree and a custom data scope, a wildcard shown checked and edited,
 * the API's refusal as it arrives, a package's permissions edited, a user of the made role who
 * sees only its menus, and a lesser administrator who is offered no edit or delete.
 */
describe('browser: the roles and tenant packages pages', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;
  let accounts: string;
  let legal: string;

  const api = () => server.http();
  const roleCoded = async (code: string) =>
    ((await api().get('/api/v1/roles').query({ keyword: code }).set('Authorization', ADMIN)).body.data.items as Role[]).find((role) => role.code === code)!;
  /** A node of the permission tree: a group by its name, a permission by its code. */
  const treeNode = (text: string) => page.locator('.ant-tree-treenode', { has: page.getByText(text, { exact: true }) });
  const tick = (text: string) => treeNode(text).locator('.ant-tree-checkbox').click();
  const expand = (text: string) => treeNode(text).locator('.ant-tree-switcher').click();
  const dropdown = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const openSelect = (id: string) =>
    page
      .locator('.ant-form-item', { has: page.locator(`#${id}`) })
      .locator('.ant-select-selector')
      .click();
  const save = async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  };
  const codesOf = async (prefixes: string[]) =>
    ((await api().get('/api/v1/system/permissions').query({ pageSize: 200 }).set('Authorization', ADMIN)).body.data.items as { code: string }[])
      .map(({ code }) => code)
      .filter((code) => prefixes.some((prefix) => code.startsWith(prefix)));
  const department = async (name: string) => {
    const res = await api().post('/api/v1/departments').set('Authorization', ADMIN).send({ name });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data.id as string;
  };

  before(async function () {
    ui = await openConsole(this);
    ({ server, page, record } = ui);
    accounts = await department('Accounts');
    legal = await department('Legal');
    await department('Warehouse');
  });
  after(() => ui?.close());

  const made = uniqueName('clerks').replace(/-/g, '_');

  it('creates a role with permissions ticked in the tree and a custom data scope of two departments', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await ui.sideMenu().filter({ hasText: 'Roles' }).click();
    await page.waitForURL(/\/system\/roles$/);
    await page.getByRole('button', { name: 'Create' }).click();
    await ui.field('role_code').fill(made);
    await ui.field('role_name').fill('Clerks');
    await openSelect('role_dataScope');
    await dropdown().locator('.ant-select-item-option', { hasText: 'Chosen departments' }).click();
    await openSelect('role_deptIds');
    await dropdown().locator('.ant-select-tree-node-content-wrapper', { hasText: 'Accounts' }).click();
    await dropdown().locator('.ant-select-tree-node-content-wrapper', { hasText: 'Legal' }).click();
    // Closes the picker (Escape would close the dialog too).
    await page.getByRole('dialog').locator('.ant-modal-title').click();
    // A module's group and a resource's group tick all in them; a permission alone, once its group is open.
    await tick('me');
    await tick('post');
    await expand('dept');
    await tick('system:dept:list');
    await save();
    await ui.row(made).waitFor();

    const role = await roleCoded(made);
    const expected = [...(await codesOf(['me:', 'system:post:'])), 'system:dept:list'];
    expect(expected).to.include.members(['me:menu:list', 'system:post:list']);
    expect({ dataScope: role.dataScope, deptIds: [...role.deptIds].sort(), permissions: [...role.permissions].sort() }).to.deep.equal({
      dataScope: 'custom',
      deptIds: [accounts, legal].sort(),
      permissions: expected.sort(),
    });
  });

  it('shows a wildcard a role holds checked, and unticking one permission it grants leaves the others', async () => {
    const role = await createRole(server, { permissions: ['system:post:*', 'me:menu:list'] });
    await page.reload();
    await ui.row(role.code).getByRole('button', { name: 'Edit' }).click();
    await page.waitForFunction((code) => (document.querySelector('#role_code') as HTMLInputElement | null)?.value === code, role.code);
    await treeNode('post').locator('.ant-tree-checkbox-checked').waitFor();
    await expand('post');
    expect(await treeNode('system:post:remove').locator('.ant-tree-checkbox-checked').count()).to.equal(1);
    await tick('system:post:remove');
    await treeNode('post').locator('.ant-tree-checkbox-indeterminate').waitFor();
    await save();
    expect([...(await roleCoded(role.code)).permissions].sort()).to.deep.equal([
      'me:menu:list',
      'system:post:add',
      'system:post:edit',
      'system:post:export',
      'system:post:list',
      'system:post:query',
    ]);
  });

  it('disables a role with the status switch', async () => {
    const role = await createRole(server, { permissions: ['system:post:list'] });
    await page.reload();
    await page.getByRole('switch', { name: `${role.code} enabled` }).click();
    await page.waitForFunction((name) => document.querySelector(`[aria-label="${name}"]`)?.getAttribute('aria-checked') === 'false', `${role.code} enabled`);
    expect((await roleCoded(role.code)).status).to.equal('disabled');
  });

  it('shows the API’s refusal to delete the administrator role as it arrives', async () => {
    // Asked of the API first, the refusal gives the message to expect and changes nothing.
    const refused = await api().delete(`/api/v1/roles/${ADMIN_ROLE}`).set('Authorization', ADMIN).set('Accept-Language', 'en');
    expect(refused.status).to.equal(409);
    await ui.row('Administrator').getByRole('button', { name: 'Delete' }).click();
    await ui.confirm();
    const notice = page.locator('.ant-notification-notice', { hasText: 'HTTP 409' });
    expect(await notice.textContent()).to.include((refused.body as { message: string }).message);
    expect((await roleCoded('admin')).permissions).to.deep.equal(['*:*:*']);
  });

  it('edits a tenant package’s permissions in the same tree, which offers no platform permission', async () => {
    const created = await api()
      .post('/api/v1/tenants/packages')
      .set('Authorization', ADMIN)
      .send({ name: 'Basic', permissions: ['system:post:list'] });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    await ui.sideMenu().filter({ hasText: 'Tenant packages' }).click();
    await page.waitForURL(/\/system\/tenant-packages$/);
    await ui.row('Basic').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-tree-checkbox-indeterminate').first().waitFor();
    await dialog
      .locator('.ant-tree-treenode', { has: page.getByText('dict', { exact: true }) })
      .locator('.ant-tree-checkbox')
      .click();
    // Menus are of scope global: a tenant never gets them.
    expect(await dialog.locator('.ant-tree-treenode', { has: page.getByText('menu', { exact: true }) }).count()).to.equal(1);
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes(`/tenants/packages/${created.body.data.id}`),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).to.equal(200);
    await dialog.waitFor({ state: 'detached' });
    const read = await api().get(`/api/v1/tenants/packages/${created.body.data.id}`).set('Authorization', ADMIN);
    expect([...read.body.data.permissions].sort()).to.deep.equal(['system:post:list', ...(await codesOf(['system:dict:']))].sort());
  });

  it('a user holding the role made on the page signs in and sees only the menus its permissions allow', async () => {
    const user = await createUser(server, { roleIds: [(await roleCoded(made)).id] });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await ui.signIn(user.username, TEST_PASSWORD);
    await ui.sideMenu().first().waitFor();
    expect(await ui.sideMenu().allTextContents()).to.deep.equal(['Departments', 'Posts']);
  });

  it('a lesser administrator, who may list and add roles only, is offered neither edit, delete nor the status switch', async () => {
    const lesser = await createUser(server, {
      permissions: ['system:role:list', 'system:role:add', 'system:catalog:query', 'me:profile:query', 'me:menu:list'],
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await ui.signIn(lesser.username, TEST_PASSWORD);
    await ui.sideMenu().filter({ hasText: 'Roles' }).click();
    await ui.row(made).waitFor();
    await page.getByRole('button', { name: 'Create' }).waitFor();
    expect(await page.locator('.ant-table-row').getByRole('button').count()).to.equal(0);
    expect(await page.locator('.ant-table').getByRole('switch').count()).to.equal(0);
    expect(await ui.row(made).textContent()).to.include('Enabled');
  });

  it('made no uncaught error, CSP violation or console error but the 409 it provoked', () => {
    const provoked = /status of 409 \(Conflict\)/;
    expect(record.consoleErrors.filter((text) => provoked.test(text))).to.have.length(1);
    const consoleErrors = record.consoleErrors.filter((text) => !provoked.test(text));
    const { pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
