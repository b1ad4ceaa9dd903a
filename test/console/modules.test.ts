import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

/**
 * The console's modules page (pages/custom/modules), in Chromium against the real server: a
 * module disabled and enabled again on the page takes its menu out of the side menu and brings
 * it back without a reload, and a disable the API refuses shows the API's reason.
 */
describe('browser: the modules page', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;

  const row = (id: string) => page.locator(`.ant-table-row[data-row-key="${id}"]`);
  const moduleStatus = async (id: string) =>
    ((await server.http().get(`/api/v1/system/modules/${id}`).set('Authorization', ADMIN)).body.data as { status: string }).status;

  before(async function () {
    ui = await openConsole(this);
    ({ server, page } = ui);
  });
  after(() => ui?.close());

  it('opens the modules page with each module state, version and dependencies both ways', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await ui.sideMenu().filter({ hasText: 'Modules' }).click();
    await page.waitForURL(/\/system\/modules$/);
    // posts is needed by users and needs nothing: both directions of the graph in its row.
    await row('posts').waitFor();
    expect(await row('posts').textContent())
      .to.include('Enabled')
      .and.include('users');
    expect(await row('generator').textContent()).to.include('dictionaries');
  });

  it('disables a module and its menu leaves the side menu, then enables it and the menu comes back, without a reload', async () => {
    // Nothing depends on the generator (modules/*/manifest.json), so it may be disabled.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await ui.sideMenu().filter({ hasText: 'Code generator' }).waitFor();
    await page.getByRole('button', { name: 'Disable generator' }).click();
    await ui.sideMenu().filter({ hasText: 'Code generator' }).waitFor({ state: 'detached' });
    expect(await moduleStatus('generator')).to.equal('disabled');
    await page.getByRole('button', { name: 'Enable generator' }).click();
    await ui.sideMenu().filter({ hasText: 'Code generator' }).waitFor();
    expect(await moduleStatus('generator')).to.equal('enabled');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).to.equal(true);
  });

  it("shows the API's reason when a disable is refused because an enabled module depends on it", async () => {
    // Asking the API the same first gives the reason to expect; being refused, it changes nothing.
    const refused = await server.http().post('/api/v1/system/modules/posts/disable').set('Authorization', ADMIN).set('Accept-Language', 'en');
    expect(refused.status).to.equal(409);
    await page.getByRole('button', { name: 'Disable posts' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The change was refused' });
    await alert.waitFor();
    expect(await alert.textContent()).to.include((refused.body as { message: string }).message);
    expect(await moduleStatus('posts')).to.equal('enabled');
    await ui.sideMenu().filter({ hasText: 'Posts' }).waitFor();
  });
});
