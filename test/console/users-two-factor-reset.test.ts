import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, TEST_PASSWORD, createUser, login, type CreatedUser } from '../support/identity';
import type { TestServer } from '../support/server';
import { enrolTotp } from '../support/two-factor';

/**
 * The users page's Reset two-factor (console/src/pages/custom/users/reset-two-factor.tsx), in
 * Chromium against the real server: a user with an authenticator then signs in with the password
 * alone; a refusal is the API's message; and the action is absent without `system:mfa:reset`.
 */
describe('browser: resetting a user’s two-factor sign-in', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;
  let phoneLost: CreatedUser;
  const passwordLogin = (username: string) => server.http().post('/api/v1/auth/login').send({ username, password: TEST_PASSWORD });
  const signOut = async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
  };
  const openUsers = async (username: string) => {
    await ui.sideMenu().filter({ hasText: 'Users' }).click();
    await page.getByLabel('Keyword').fill(username);
    await page.getByRole('button', { name: 'Search' }).click();
    await ui.row(username).waitFor();
  };

  before(async function () {
    ui = await openConsole(this);
    ({ server, page, record } = ui);
    phoneLost = await createUser(server, { permissions: ['me:*:*'] });
    await enrolTotp(server, await login(server, phoneLost.username, TEST_PASSWORD));
  });
  after(() => ui?.close());

  it('resets the second factor after confirmation: the user then signs in with the password alone', async () => {
    expect((await passwordLogin(phoneLost.username)).body.data.accessToken, 'a code is asked first').to.equal(undefined);
    await ui.signIn('admin', ADMIN_PASSWORD);
    await openUsers(phoneLost.username);
    await ui.row(phoneLost.username).getByRole('button', { name: 'Reset two-factor' }).click();
    await ui.confirm();
    await page.getByText(`Two-factor sign-in reset for ${phoneLost.username}`).waitFor();
    const signedIn = await passwordLogin(phoneLost.username);
    expect(signedIn.status, JSON.stringify(signedIn.body)).to.equal(200);
    expect(signedIn.body.data.accessToken).to.be.a('string');
  });

  it('shows the API’s refusal to an administrator resetting a user who outranks them', async () => {
    const lesser = await createUser(server, { permissions: ['system:user:list', 'system:mfa:reset', 'me:profile:query', 'me:menu:list'] });
    await signOut();
    await ui.signIn(lesser.username, lesser.password);
    await openUsers('admin');
    await ui.row('admin').getByRole('button', { name: 'Reset two-factor' }).click();
    await ui.confirm();
    await page.getByText('You do not have permission to perform this operation.').waitFor();
  });

  it('offers no Reset two-factor to an administrator without system:mfa:reset', async () => {
    const viewer = await createUser(server, { permissions: ['system:user:list', 'system:user:resetPwd', 'me:profile:query', 'me:menu:list'] });
    await signOut();
    await ui.signIn(viewer.username, viewer.password);
    await openUsers(phoneLost.username);
    await ui.row(phoneLost.username).getByRole('button', { name: 'Reset password' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reset two-factor' }).count()).to.equal(0);
  });

  it('made no uncaught error, CSP violation or console error but the 403 it provoked', () => {
    const provoked = /status of 403 \(Forbidden\)/;
    expect(record.consoleErrors.filter((text) => provoked.test(text))).to.have.length(1);
    const consoleErrors = record.consoleErrors.filter((text) => !provoked.test(text));
    const { pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
