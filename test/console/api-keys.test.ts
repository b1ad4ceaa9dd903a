import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { createUser, type CreatedUser } from '../support/identity';
import type { TestServer } from '../support/server';

/**
 * The API keys card of the profile page (console/src/pages/profile/api-keys-card.tsx), in
 * Chromium against the real server: a key made there is shown once with a copy button, works over
 * the API, is listed without its secret, and stops working once revoked there.
 */
describe('browser: the API keys of the profile page', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;
  let owner: CreatedUser;
  let key: string;
  const dialog = () => page.getByRole('dialog');
  const useKey = () => server.http().get('/api/v1/me').set('X-API-Key', key);

  before(async function () {
    ui = await openConsole(this);
    ({ server, page, record } = ui);
    owner = await createUser(server, {
      permissions: ['me:profile:query', 'me:menu:list', 'me:api-key:list', 'me:api-key:add', 'me:api-key:remove', 'system:catalog:query'],
    });
  });
  after(() => ui?.close());

  it('makes a key with one of the user’s permissions and shows it once, with a copy button', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await ui.signIn(owner.username, owner.password);
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('button', { name: 'New API key' }).click();
    await dialog().getByLabel('Name').fill('nightly export');
    await dialog().locator('.ant-select-selector').click();
    await page.locator('.ant-select-item-option', { hasText: 'me:profile:query' }).click();
    // A multiple select stays open after a pick: a click elsewhere in the form closes it.
    await dialog().locator('.ant-modal-title').click();
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    await dialog().getByRole('button', { name: 'Create' }).click();
    const shown = dialog().filter({ hasText: 'Your new API key' });
    await shown.getByText('shown this once').waitFor();
    key = (await shown.locator('.ant-typography code').textContent()) ?? '';
    expect(key).to.match(/^atr_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(key);
    expect((await useKey()).status).to.equal(200);
    await shown.getByRole('button', { name: 'OK' }).click();
    await shown.waitFor({ state: 'detached' });
  });

  it('lists the key by name and prefix, never its secret', async () => {
    const row = ui.row('nightly export');
    await row.waitFor();
    await row.getByText('me:profile:query').waitFor();
    expect(await row.textContent()).to.include(key.slice(0, 16));
    expect(await page.content()).to.not.include(key);
  });

  it('revokes the key after confirmation: the API refuses it at once', async () => {
    await ui.row('nightly export').getByRole('button', { name: 'Revoke' }).click();
    await ui.confirm();
    await page.getByText('nightly export has been revoked').waitFor();
    await ui.row('nightly export').waitFor({ state: 'detached' });
    const refused = await useKey();
    expect(refused.status).to.equal(401);
    expect(refused.body.code).to.equal('AUTH_TOKEN_REVOKED_401');
  });

  it('made no uncaught error, CSP violation or console error', () => {
    const { consoleErrors, pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
