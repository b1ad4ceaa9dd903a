import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, TEST_PASSWORD, createUser } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

/**
 * The console following its caller's live events (GET /me/events), in Chromium against the real
 * server: a module disabled and enabled by someone else comes and goes from the side menu with no
 * click or reload, and a session forced out by an administrator signs the console out at once.
 */
describe('browser: live events', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;
  /** The path of every answer 401, in order. */
  const unauthorized: string[] = [];

  before(async function () {
    ui = await openConsole(this);
    ({ server, page, record } = ui);
    page.on('response', (response) => {
      if (response.status() === 401) unauthorized.push(new URL(response.url()).pathname);
    });
  });
  after(() => ui?.close());

  const setModule = async (id: string, action: 'enable' | 'disable') =>
    expect((await server.http().post(`/api/v1/system/modules/${id}/${action}`).set('Authorization', ADMIN)).status).to.equal(200);
  const generatorMenu = () => ui.sideMenu().filter({ hasText: 'Code generator' });

  it('drops a module’s menu when someone else disables it, and brings it back when they enable it, without a reload', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await generatorMenu().waitFor();
    // Set on this document: a reload would start a new one without it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await setModule('generator', 'disable');
    await generatorMenu().waitFor({ state: 'detached' });
    await setModule('generator', 'enable');
    await generatorMenu().waitFor();
    expect(await page.evaluate(() => 'sameDocument' in window)).to.equal(true);
  });

  it('signs out at once when an administrator forces the session out', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    const user = await createUser(server, { permissions: ['me:profile:query', 'me:menu:list', 'system:post:list', 'system:catalog:query'] });
    await ui.signIn(user.username, TEST_PASSWORD);
    await ui.sideMenu().filter({ hasText: 'Posts' }).waitFor();
    const sessions = (await server.http().get('/api/v1/system/sessions').query({ username: user.username }).set('Authorization', ADMIN)).body.data.items as {
      id: string;
    }[];
    expect(sessions).to.have.length(1);
    expect((await server.http().delete(`/api/v1/system/sessions/${sessions[0].id}`).set('Authorization', ADMIN)).status).to.equal(200);
    await page.waitForURL(/\/login(\?|$)/);
  });

  it('made no uncaught error, CSP violation or console error but the 401s the forced logout may provoke, none asked again', () => {
    // The forced logout may reach a request in flight, the refresh that request then spends, or
    // the stream's reconnect before the stream's session.revoked does: Chromium logs each 401 as a
    // console error. Nothing is asked again after its 401: the console signs out instead.
    const provoked = /status of 401 \(Unauthorized\)/;
    expect(unauthorized, 'a path answered 401 twice').to.deep.equal([...new Set(unauthorized)]);
    expect(record.consoleErrors.filter((text) => provoked.test(text))).to.have.length(unauthorized.length);
    const consoleErrors = record.consoleErrors.filter((text) => !provoked.test(text));
    const { pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
