import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, createRole, createUser } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

interface Provider {
  id: string;
  displayName: string;
  defaultRoleId: string | null;
  jit: boolean;
  enabled: boolean;
}

/**
 * The single sign-on providers page (console/src/pages/custom/sso/), in Chromium against the real
 * server: a provider made, edited, disabled and deleted there, its client secret written but never
 * read back, its redirect URI the server's; and no Create for an administrator who may not add.
 */
describe('browser: the single sign-on providers page', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;
  const SECRET = 'console-typed-client-secret-4242';
  const NEW_SECRET = 'a-replacing-client-secret-0707';
  // Every answer of the providers API the page read, to look for the secret in.
  const answers: string[] = [];
  let roleId: string;
  const dialog = () => page.getByRole('dialog');
  const provider = async () => {
    const res = await server.http().get('/api/v1/sso/providers').set('Authorization', ADMIN);
    return (res.body.data.items as (Provider & { name: string })[]).find((p) => p.name === 'corp');
  };
  const sealed = async () =>
    (await server.sql<{ client_secret_sealed: string }>("select client_secret_sealed from sso_provider where name = 'corp'"))[0]!.client_secret_sealed;
  const selectOption = async (field: string, option: string) => {
    await ui.field(field).click({ force: true });
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).click();
  };

  before(async function () {
    ui = await openConsole(this);
    ({ server, page, record } = ui);
    roleId = (await createRole(server, { code: 'federated_staff', permissions: ['me:profile:query'] })).id;
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/sso/'))
        void response.text().then(
          (text) => answers.push(text),
          () => undefined,
        );
    });
  });
  after(() => ui?.close());

  it('creates a provider with its secret, default role and just-in-time creation', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await ui.sideMenu().filter({ hasText: 'Single sign-on' }).click();
    await page.waitForURL(/\/system\/sso-providers$/);
    await page.getByRole('button', { name: 'Create' }).click();
    await ui.field('provider_name').fill('corp');
    await ui.field('provider_displayName').fill('Corporate account');
    await ui.field('provider_issuer').fill('https://login.example.com');
    await ui.field('provider_clientId').fill('atrium-console');
    expect(await ui.field('provider_clientSecret').getAttribute('type')).to.equal('password');
    await ui.field('provider_clientSecret').fill(SECRET);
    expect(await ui.field('provider_usernameClaim').inputValue()).to.equal('preferred_username');
    await page.getByRole('switch', { name: 'Create users on sign-in' }).click();
    await selectOption('provider_defaultRoleId', 'federated_staff');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await ui.row('Corporate account').waitFor();
    const created = (await provider())!;
    expect(created).to.include({ displayName: 'Corporate account', jit: true, enabled: true, defaultRoleId: roleId });
    expect(await sealed()).to.not.include(SECRET);
  });

  it('edits it with the secret field empty, keeping the stored secret, and shows the server’s redirect URI', async () => {
    const before = await sealed();
    await ui.row('Corporate account').getByRole('button', { name: 'Edit' }).click();
    const uri = (
      await server
        .http()
        .get(`/api/v1/sso/providers/${(await provider())!.id}/redirect-uri`)
        .set('Authorization', ADMIN)
    ).body.data.redirectUri as string;
    await dialog().getByTestId('sso-redirect-uri').getByText(uri, { exact: true }).waitFor();
    expect(await ui.field('provider_clientSecret').inputValue()).to.equal('');
    expect(await ui.field('provider_name').count(), 'the name is set once').to.equal(0);
    await ui.field('provider_displayName').fill('Corporate sign-in');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await ui.row('Corporate sign-in').waitFor();
    expect(await sealed(), 'the stored secret is kept').to.equal(before);
  });

  it('replaces the secret when a new one is typed, and never shows either', async () => {
    const before = await sealed();
    await ui.row('Corporate sign-in').getByRole('button', { name: 'Edit' }).click();
    await dialog().getByTestId('sso-redirect-uri').locator('code').waitFor();
    await ui.field('provider_clientSecret').fill(NEW_SECRET);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.waitForFunction(() => !document.querySelector('.ant-modal'));
    expect(await sealed()).to.not.equal(before);
    await ui.row('Corporate sign-in').getByRole('button', { name: 'Edit' }).click();
    await dialog().getByTestId('sso-redirect-uri').locator('code').waitFor();
    expect(await ui.field('provider_clientSecret').inputValue()).to.equal('');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(answers.length).to.be.greaterThan(3);
    for (const text of [...answers, await page.content()]) expect(text).to.not.include(SECRET).and.not.include(NEW_SECRET);
  });

  it('disables it in its row, then deletes it after confirmation', async () => {
    // Waited for from before the click: the answer may land before the click returns.
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/api/v1/sso/providers/'));
    await ui.row('Corporate sign-in').getByRole('switch', { name: 'corp enabled' }).click();
    expect((await saved).status()).to.equal(200);
    expect((await provider())!.enabled).to.equal(false);
    await ui.row('Corporate sign-in').getByRole('button', { name: 'Delete' }).click();
    await ui.confirm();
    await ui.row('Corporate sign-in').waitFor({ state: 'detached' });
    expect(await provider()).to.equal(undefined);
  });

  it('offers no Create, Edit or Delete to an administrator who may only list providers', async () => {
    await server.http().post('/api/v1/sso/providers').set('Authorization', ADMIN).send({
      name: 'partner',
      displayName: 'Partner account',
      issuer: 'https://partner.example.com',
      clientId: 'atrium',
      clientSecret: SECRET,
    });
    const viewer = await createUser(server, { permissions: ['sso:provider:list', 'me:profile:query', 'me:menu:list'] });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await ui.signIn(viewer.username, viewer.password);
    await ui.sideMenu().filter({ hasText: 'Single sign-on' }).click();
    await ui.row('Partner account').waitFor();
    expect(await page.getByRole('button', { name: 'Create' }).count()).to.equal(0);
    expect(await ui.row('Partner account').getByRole('button').count()).to.equal(0);
    expect(await ui.row('Partner account').getByRole('switch').count()).to.equal(0);
  });

  it('made no uncaught error, CSP violation or console error', () => {
    const { consoleErrors, pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
