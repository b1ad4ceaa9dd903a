import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleHarness } from '../support/console';
import { TEST_PASSWORD, createUser, login } from '../support/identity';
import type { TestServer } from '../support/server';
import { enrolTotp, totpCode } from '../support/two-factor';

/** Two-factor sign-in in the console: turning it on from the profile, and signing in with a code. */
describe('browser: two-factor sign-in', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  before(async function () {
    ui = await openConsole(this);
    ({ server, page } = ui);
  });
  after(() => ui?.close());

  it('asks a user with two-factor on for the code after the password, and signs them in with it', async () => {
    const user = await createUser(server, { permissions: ['me:*:*'] });
    const { secret } = await enrolTotp(server, await login(server, user.username, TEST_PASSWORD));
    await ui.signIn(user.username, TEST_PASSWORD);
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The authentication code is wrong or was already used.').waitFor();
    await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(await page.evaluate(() => Object.keys(localStorage).length)).to.be.greaterThan(0);
  });

  it('turns two-factor on from the profile page with the QR code, and shows the recovery codes once', async () => {
    const user = await createUser(server, { permissions: ['me:*:*'] });
    await page.evaluate(() => localStorage.clear());
    await ui.signIn(user.username, TEST_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${server.url}/profile`);
    const card = page.getByTestId('two-factor');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByRole('img', { name: 'QR code of your authenticator secret' }).waitFor();
    const secret = (await card.getByTestId('totp-secret').innerText()).trim();
    await card.getByLabel('Authentication code').fill(totpCode(secret));
    await card.getByRole('button', { name: 'Confirm and turn on' }).click();
    await card.getByText('Keep these recovery codes somewhere safe', { exact: false }).waitFor();
    expect(await card.locator('.ant-list-item').count()).to.equal(10);
    await card.getByText('On', { exact: true }).waitFor();
  });
});
