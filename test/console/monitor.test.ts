import { expect } from 'chai';
import { hostname } from 'node:os';
import type { Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, createUser, login } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

/**
 * The console's monitor pages (pages/custom/monitor) in Chromium against the real server: this
 * instance's card, read again by itself and on Refresh; auth's cache cleared after confirmation,
 * on the page and in the API; and an administrator who may only list the caches, offered no
 * Clear and no Server page.
 */
describe('browser: the monitor pages', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;

  const authEntries = async () => {
    const res = await server.http().get('/api/v1/monitor/caches').set('Authorization', ADMIN);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return (res.body.data.items as { name: string; entries: number }[]).find((cache) => cache.name === 'auth')!.entries;
  };
  const cacheRow = (name: string) => page.locator(`.ant-table-row[data-row-key="${name}"]`);
  const shownEntries = async (name: string) => Number((await cacheRow(name).locator('td').nth(1).textContent())?.replace(/\D/g, ''));
  const cachesRead = () => page.waitForResponse((response) => response.request().method() === 'GET' && response.url().endsWith('/api/v1/monitor/caches'));
  const openMenu = async (title: string, path: RegExp) => {
    await ui.sideMenu().filter({ hasText: title }).click();
    await page.waitForURL(path);
  };

  before(async function () {
    ui = await openConsole(this);
    ({ server, page, record } = ui);
  });
  after(() => ui?.close());

  it('shows this instance as a card, tagged, with its Node.js version and database', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await openMenu('Server', /\/monitor\/server$/);
    // The server runs in this process: the card is titled by this host and pid.
    const card = page.getByRole('region', { name: `${hostname()} · ${process.pid}` });
    await card.getByText('This instance', { exact: true }).waitFor();
    const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'Embedded';
    await card
      .locator('.ant-descriptions-row', { hasText: 'Database' })
      .getByText(new RegExp(`^${kind} \\d+`))
      .waitFor();
    expect(await card.locator('.ant-descriptions-row', { hasText: 'Node.js' }).textContent()).to.include(process.version);
    expect(await card.locator('.ant-descriptions-row', { hasText: 'Redis' }).textContent()).to.include('Not configured');
  });

  it('reads the instances again by itself, and on Refresh', async () => {
    const serverRead = () => page.waitForResponse((response) => response.url().endsWith('/api/v1/monitor/server'), { timeout: 8000 });
    expect((await serverRead()).status()).to.equal(200);
    const refreshed = serverRead();
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect((await refreshed).status()).to.equal(200);
  });

  it('clears auth’s cache after confirmation: a notification, the list read again, fewer entries', async () => {
    // Sessions besides the page's own, cached by their first request: the clear drops them for good.
    for (let i = 0; i < 3; i++) {
      const { bearer } = await login(server, 'admin', ADMIN_PASSWORD);
      expect((await server.http().get('/api/v1/me').set('Authorization', bearer)).status).to.equal(200);
    }
    await openMenu('Caches', /\/monitor\/caches$/);
    await cacheRow('auth').waitFor();
    const shownBefore = await shownEntries('auth');
    expect(shownBefore).to.be.at.least(4);
    await page.getByText('Summed over instances: 1').waitFor();
    const before = await authEntries();

    await cacheRow('auth').getByRole('button', { name: 'Clear' }).click();
    const reread = cachesRead();
    const cleared = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/api/v1/monitor/caches/auth'));
    await ui.confirm();
    const answer = await cleared;
    expect(answer.status(), await answer.text()).to.equal(200);
    const notice = page.locator('.ant-notification-notice').first();
    await notice.waitFor();
    expect(await notice.textContent()).to.include('The auth cache was cleared on every instance');
    await reread;
    await page.waitForFunction(
      (count) => Number(document.querySelector('.ant-table-row[data-row-key="auth"] td:nth-child(2)')?.textContent?.replace(/\D/g, '')) < count,
      shownBefore,
    );
    expect(await authEntries()).to.be.lessThan(before);
  });

  it('shows an administrator who may only list the caches no Clear, and no Server page', async () => {
    const viewer = await createUser(server, { permissions: ['monitor:cache:list', 'me:profile:query', 'me:menu:list'] });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await ui.signIn(viewer.username, viewer.password);
    await openMenu('Caches', /\/monitor\/caches$/);
    await cacheRow('auth').waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    expect(await page.getByRole('button', { name: 'Clear' }).count()).to.equal(0);
    expect(await ui.sideMenu().allTextContents())
      .to.include('Caches')
      .and.not.include('Server');
  });

  it('made no uncaught error, CSP violation or console error', () => {
    const { consoleErrors, pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
