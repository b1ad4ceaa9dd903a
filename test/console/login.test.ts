import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN, type TestServer } from '../support/server';

/**
 * The sign-in page asks for a tenant code only where a login must name one: on an installation
 * with a tenant besides the default (GET /auth/login-options).
 */
describe('browser: signing in to a tenant', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  before(async function () {
    ui = await openConsole(this);
    ({ server, page } = ui);
  });
  after(() => ui?.close());

  it('asks for username and password only on a single-tenant installation', async () => {
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/login-options'));
    await page.goto(`${server.url}/login`);
    await asked;
    await page.getByLabel('Password').waitFor();
    expect(await page.getByLabel('Tenant code').count()).to.equal(0);
    expect(await page.getByRole('button', { name: 'Sign in to another tenant' }).count()).to.equal(0);
  });

  it('shows the tenant code field once another tenant exists, and signs its administrator in to it', async () => {
    const created = await server
      .http()
      .post('/api/v1/tenants')
      .set('Authorization', ADMIN)
      .send({ code: 'acme', name: 'Acme Ltd', admin: { username: 'boss', password: 'acme-boss-passphrase-1' } });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    await page.reload();
    await page.getByLabel('Tenant code').fill('acme');
    await page.getByLabel('Username').fill('boss');
    await page.getByLabel('Password').fill('acme-boss-passphrase-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Tenant: Acme Ltd').waitFor();
  });
});
