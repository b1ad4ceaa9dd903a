import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleHarness } from '../support/console';
import { createUser, setParam } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * A session as the console keeps it in the browser: an access token that expires is refreshed
 * without the person noticing, and a session the server has ended sends them to sign in.
 */
describe('browser: the console’s session', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let user: { id: string; username: string; password: string };
  const held = async () => JSON.parse((await page.evaluate(() => localStorage.getItem('atrium.session'))) ?? 'null') as Tokens | null;

  before(async function () {
    ui = await openConsole(this, async (started) => {
      // Access tokens of two seconds: the console meets an expired one within the test.
      await setParam(started, 'auth.accessToken.ttlSeconds', '2');
    });
    ({ server, page } = ui);
    user = await createUser(server, { permissions: ['system:post:list', 'me:profile:query', 'me:menu:list'] });
  });
  after(() => ui?.close());

  it('refreshes an expired access token on the next request and carries on, with a new pair kept', async () => {
    await ui.signIn(user.username, user.password);
    await ui.sideMenu().filter({ hasText: 'Posts' }).waitFor();
    const first = await held();
    await page.waitForTimeout(2500);
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/refresh'));
    await ui.sideMenu().filter({ hasText: 'Posts' }).click();
    expect((await refreshed).status()).to.equal(200);
    await page.locator('.ant-table').waitFor();
    const second = await held();
    expect(second?.accessToken).to.be.a('string').and.not.equal(first?.accessToken);
    expect(second?.refreshToken).to.be.a('string').and.not.equal(first?.refreshToken);
    expect(new URL(page.url()).pathname).to.equal('/system/posts');
  });

  it('sends the person to sign in when the server has ended the session (an administrator’s forced logout)', async () => {
    const sessions = await server.http().get('/api/v1/system/sessions').query({ username: user.username }).set('Authorization', ADMIN);
    const ended = (sessions.body.data.items as { id: string; userId: string }[]).filter((session) => session.userId === user.id);
    expect(ended).to.have.length(1);
    expect((await server.http().delete(`/api/v1/system/sessions/${ended[0].id}`).set('Authorization', ADMIN)).status).to.equal(200);
    await page.reload();
    await page.waitForURL(/\/login(\?|$)/);
    expect(await held()).to.equal(null);
  });
});
