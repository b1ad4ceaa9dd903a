import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, TEST_PASSWORD, createUser } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

interface Tenant {
  id: string;
  code: string;
  status: string;
  packageId: string | null;
  expiresAt: string | null;
  version: number;
}

/**
 * The console's tenants page (pages/custom/tenants) in Chromium against the real server: a
 * tenant made on the page with its package, expiry and administrator, who then signs in to it
 * and sees the tenant's own users and the platform's dictionary as inherited; a taken code;
 * enable and disable; and an administrator without the edit permission, offered no Edit.
 */
describe('browser: the tenants page', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;
  let packageId: string;

  const api = () => server.http();
  const dialog = () => page.getByRole('dialog');
  const tenantCoded = async (code: string) =>
    ((await api().get('/api/v1/tenants').query({ keyword: code }).set('Authorization', ADMIN)).body.data.items as Tenant[]).find(
      (tenant) => tenant.code === code,
    );
  const signOut = async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
  };
  const openMenu = async (title: string, path: RegExp) => {
    await ui.sideMenu().filter({ hasText: title }).click();
    await page.waitForURL(path);
  };
  const pick = async (field: string, option: string) => {
    await dialog()
      .locator('.ant-form-item', { has: page.locator(`#${field}`) })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-item-option', { hasText: option }).click();
  };

  before(async function () {
    ui = await openConsole(this, async (started) => {
      const post = (path: string, body: object) => started.http().post(`/api/v1${path}`).set('Authorization', ADMIN).send(body);
      const pkg = await post('/tenants/packages', {
        name: 'Standard',
        permissions: [
          'system:user:list',
          'system:dept:list',
          'system:dict:list',
          'system:dict:query',
          'system:dict:add',
          'system:dict:edit',
          'system:dict:remove',
          'me:profile:query',
          'me:menu:list',
        ],
      });
      expect(pkg.status, JSON.stringify(pkg.body)).to.equal(201);
      packageId = pkg.body.data.id;
      for (const [path, body] of [
        ['/dictionaries', { code: 'sys_color', name: 'Colour' }],
        ['/dictionaries/sys_color/items', { label: 'Red', value: 'red' }],
        ['/tenants', { code: 'globex', name: 'Globex', admin: { username: 'chief', password: TEST_PASSWORD } }],
      ] as const) {
        const res = await post(path, body);
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
      }
    });
    ({ server, page, record } = ui);
  });
  after(() => ui?.close());

  it('creates a tenant with its package, expiry and administrator; the list shows its package and expiry', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await openMenu('Tenants', /\/system\/tenants$/);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.locator('#tenant_code').fill('acme');
    await page.locator('#tenant_name').fill('Acme');
    await pick('tenant_packageId', 'Standard');
    const expiry = page.locator('#tenant_expiresAt');
    await expiry.click();
    await expiry.pressSequentially('2031-06-30 12:00:00');
    // OK takes the typed instant once the picker has read it (the panel then shows it selected).
    await page.locator('.ant-picker-dropdown .ant-picker-cell-selected', { hasText: '30' }).waitFor();
    await page.locator('.ant-picker-dropdown .ant-picker-ok button:not([disabled])').click();
    await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
    expect(await expiry.inputValue()).to.equal('2031-06-30 12:00:00');
    await page.locator('#tenant_admin_username').fill('boss');
    await page.locator('#tenant_admin_password').fill(TEST_PASSWORD);
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/tenants'));
    await dialog().getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).to.equal(201);
    await dialog().waitFor({ state: 'detached' });

    const row = ui.row('Acme');
    await row.getByText('Standard').waitFor();
    const tenant = await tenantCoded('acme');
    expect({ packageId: tenant?.packageId, status: tenant?.status }).to.deep.equal({ packageId, status: 'active' });
    // The picker works in the browser's time zone; the API answers the instant in UTC.
    const expiresAt = new Date(tenant!.expiresAt!);
    expect([expiresAt.getFullYear(), expiresAt.getMonth(), expiresAt.getDate(), expiresAt.getHours()]).to.deep.equal([2031, 5, 30, 12]);
    expect(await row.textContent()).to.include(expiresAt.toLocaleString('en-US'));
  });

  it('shows the API’s message under the code when another tenant has it', async () => {
    await page.getByRole('button', { name: 'Create' }).click();
    await page.locator('#tenant_code').fill('ACME');
    await page.locator('#tenant_name').fill('Another Acme');
    await page.locator('#tenant_admin_username').fill('boss');
    await page.locator('#tenant_admin_password').fill(TEST_PASSWORD);
    await dialog().getByRole('button', { name: 'Save' }).click();
    const code = dialog().locator('.ant-form-item', { has: page.locator('#tenant_code') });
    // The envelope's message as a notification, its detail about /body/code under the field.
    await page.locator('.ant-notification-notice', { hasText: 'Another tenant already has this code.' }).waitFor();
    await code.getByText('is already taken').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('disables a tenant after confirmation, and enables it again', async () => {
    const row = ui.row('Globex');
    await row.getByRole('button', { name: 'Disable' }).click();
    await ui.confirm();
    await row.getByRole('button', { name: 'Enable' }).waitFor();
    expect((await tenantCoded('globex'))?.status).to.equal('disabled');
    await row.getByRole('button', { name: 'Enable' }).click();
    await row.getByRole('button', { name: 'Disable' }).waitFor();
    expect((await tenantCoded('globex'))?.status).to.equal('active');
  });

  it('lets the new tenant’s administrator sign in with the tenant’s code, seeing only that tenant’s users', async () => {
    // Signed in on the same load of the page: nothing the platform's administrator read is shown to them.
    await signOut();
    await page.getByLabel('Username').fill('boss');
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    // Shown because the server says tenants besides the default exist (GET /auth/login-options).
    await page.getByLabel('Tenant code').fill('acme');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The first side menu drawn, caught in the frame it appears: not the last session's, shown until read again.
    const firstMenus = await page.waitForFunction(
      () => {
        const titles = [...document.querySelectorAll('.ant-layout-sider .ant-menu-item')].map((item) => item.textContent);
        return titles.length > 0 && titles;
      },
      undefined,
      { polling: 'raf' },
    );
    expect(await firstMenus.jsonValue(), 'the menus of the tenant’s administrator, not the platform’s').to.not.include('Tenants');
    await openMenu('Users', /\/system\/users$/);
    await ui.row('boss').waitFor();
    expect(await page.locator('.ant-table-row td:first-child').allTextContents()).to.deep.equal(['boss']);
  });

  it('shows the tenant’s administrator the platform’s dictionary as inherited, without Edit or Delete', async () => {
    await openMenu('Dictionaries', /\/system\/dictionaries$/);
    const row = ui.row('sys_color');
    await row.getByText('Inherited').waitFor();
    await page.getByRole('button', { name: 'Create' }).waitFor();
    expect(await row.getByRole('button').count()).to.equal(0);
    await page.getByText('Creating a dictionary with the same code overrides the platform’s', { exact: false }).waitFor();

    await row.click();
    const items = page.locator('.ant-card', { has: page.getByText('Items of Colour', { exact: true }) });
    await items.locator('.ant-table-row', { hasText: 'Red' }).waitFor();
    await items.getByText('A dictionary you create with the code sys_color overrides it', { exact: false }).waitFor();
    expect(await items.getByRole('button', { name: /^(Create|Edit|Delete)$/ }).count()).to.equal(0);
  });

  it('offers an administrator without the edit permission no Edit, Enable or Disable on tenants', async () => {
    const viewer = await createUser(server, { permissions: ['system:tenant:list', 'system:tenant:remove', 'me:profile:query', 'me:menu:list'] });
    await signOut();
    await ui.signIn(viewer.username, viewer.password);
    await openMenu('Tenants', /\/system\/tenants$/);
    const row = ui.row('Globex');
    // Delete is theirs: once it shows, the page's permissions are known.
    await row.getByRole('button', { name: 'Delete' }).waitFor();
    expect(await page.getByRole('button', { name: /^(Edit|Enable|Disable|Create)$/ }).count()).to.equal(0);
  });

  it('made no uncaught error, CSP violation or console error but the 409 it provoked', () => {
    const provoked = /status of 409 \(Conflict\)/;
    expect(record.consoleErrors.filter((text) => provoked.test(text))).to.have.length(1);
    const consoleErrors = record.consoleErrors.filter((text) => !provoked.test(text));
    const { pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
