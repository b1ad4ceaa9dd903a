import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { createRole } from '../support/identity';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN, type TestServer } from '../support/server';
import { CLIENT_ID, CLIENT_SECRET, startIdentityProvider, type IdentityProvider, type Person } from '../sso/identity-provider';

/** Single sign-on from the sign-in page: a button per provider, the provider's pages, and back signed in. */
describe('browser: single sign-on', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let idp: IdentityProvider;
  const people = new Map<string, Person>([['corp-1', { sub: 'corp-1', preferred_username: 'corp-person' }]]);

  before(async function () {
    ui = await openConsole(this);
    ({ server, page } = ui);
    idp = await startIdentityProvider([`${server.url}/api/v1/auth/oidc/corp/callback`], people);
    const role = await createRole(server, { permissions: ['me:profile:query'] });
    const res = await server.http().post('/api/v1/sso/providers').set('Authorization', ADMIN).send({
      name: 'corp',
      displayName: 'Corporate account',
      issuer: idp.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      jit: true,
      defaultRoleId: role.id,
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
  });
  after(async () => {
    await ui?.close();
    await idp?.stop();
  });

  it('signs in through the provider’s button and lands in the console', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Corporate account' }).click();
    await page.waitForURL(`${idp.issuer}/**`);
    await page.locator('input[name="login"]').fill('corp-1');
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await page.evaluate(() => window.location.hash), 'the one-time code is gone from the address').to.equal('');
    const signedIn = await server.sql("select 1 from auth_session s join users_user u on u.id = s.user_id where u.username = 'corp-person'");
    expect(signedIn.length).to.equal(1);
  });

  it('says so when single sign-on refused, with the code', async () => {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}/api/v1/auth/oidc/corp/callback?code=x&state=made-up`);
    await page.waitForURL(`${server.url}/login`);
    await page.getByText('Single sign-on did not sign you in').waitFor();
    await page.getByText('AUTH_SSO_STATE_INVALID_401').waitFor();
  });
});
