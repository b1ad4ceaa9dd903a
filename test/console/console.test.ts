import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, adminLogin, createUser } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

/**
 * The console as a person uses it, in Chromium against the real server: sign-in, the menu from
 * GET /me/menus, a module's pages drawn from the catalog alone (posts), the languages, the
 * permission-hidden buttons and sign-out, all within the console's Content-Security-Policy.
 */
describe('browser: the console', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;

  const postsIn = async () =>
    (await server.http().get('/api/v1/posts').set('Authorization', ADMIN)).body.data.items as { id: string; code: string; name: string; version: number }[];

  before(async function () {
    ui = await openConsole(this);
    ({ server, page, record } = ui);
  });
  after(() => ui?.close());

  it('shows the API’s message for a wrong password and stays on the login page', async () => {
    await ui.signIn('admin', 'not-the-password');
    await page.locator('.ant-notification-notice', { hasText: 'The username or password is incorrect.' }).waitFor();
    expect(new URL(page.url()).pathname).to.equal('/login');
  });

  it('sends a visitor to the login page, and signs the administrator in', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Welcome, Administrator' }).waitFor();
    expect(new URL(page.url()).pathname).to.equal('/');
  });

  it('draws the side menu from GET /me/menus', async () => {
    const { accessToken } = await adminLogin(server);
    const menus = (await server.http().get('/api/v1/me/menus').set('Authorization', `Bearer ${accessToken}`)).body.data.items as { title: string }[];
    await ui.sideMenu().first().waitFor();
    expect(await ui.sideMenu().allTextContents()).to.deep.equal(menus.map((menu) => menu.title));
  });

  it('lists posts on the page the catalog gives the Posts menu, with the sort fields the list whitelists', async () => {
    await ui.sideMenu().filter({ hasText: 'Posts' }).click();
    await page.waitForURL(/\/system\/posts$/);
    await page.getByRole('button', { name: 'Create' }).waitFor();
    const sortable = await page.locator('th.ant-table-column-has-sorters').allTextContents();
    expect(sortable).to.deep.equal(['code', 'name', 'sort', 'createdAt']);
  });

  it('shows the API’s validation message under the field, then creates the post', async () => {
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/system\/posts\/create$/);
    await ui.field('code').fill('not a code!');
    await ui.field('name').fill('Operations');
    await page.getByRole('button', { name: 'Save' }).click();
    // The browser lets this code through (the pattern is the API's to check): the 400's message lands under the field.
    await page
      .locator('form .ant-form-item', { has: page.locator('#code') })
      .locator('.ant-form-item-explain-error', { hasText: 'must match pattern' })
      .waitFor();
    expect(await postsIn()).to.deep.equal([]);

    await ui.field('code').fill('ops');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/system\/posts$/);
    await ui.row('ops').waitFor();
    expect((await postsIn()).map(({ code, name }) => ({ code, name }))).to.deep.equal([{ code: 'ops', name: 'Operations' }]);
  });

  it('edits the post with the version it read', async () => {
    await ui.row('ops').getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/system\/posts\/edit\/[^/]+$/);
    await page.waitForFunction(() => (document.querySelector('form #name') as HTMLInputElement | null)?.value === 'Operations');
    await ui.field('name').fill('Operations team');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/system\/posts$/);
    await ui.row('Operations team').waitFor();
    expect((await postsIn()).map(({ name, version }) => ({ name, version }))).to.deep.equal([{ name: 'Operations team', version: 2 }]);
  });

  it('shows the conflict when someone else changed the post after the form read it, and keeps their change', async () => {
    await ui.row('ops').getByRole('button', { name: 'Edit' }).click();
    await page.waitForFunction(() => (document.querySelector('form #name') as HTMLInputElement | null)?.value === 'Operations team');
    const [post] = await postsIn();
    await server.http().put(`/api/v1/posts/${post.id}`).set('Authorization', ADMIN).send({ remark: 'changed meanwhile', version: post.version });
    await ui.field('name').fill('Stale edit');
    await page.getByRole('button', { name: 'Save' }).click();
    const notice = page.locator('.ant-notification-notice', { hasText: 'HTTP 409' });
    expect(await notice.textContent()).to.include('The resource was changed by someone else; reload it and try again.');
    expect((await postsIn()).map(({ name, version }) => ({ name, version }))).to.deep.equal([{ name: 'Operations team', version: 3 }]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/system\/posts$/);
  });

  it('draws an edit form from a fresh read of the record, never from a copy an earlier form read', async () => {
    const [post] = await postsIn();
    await server.http().put(`/api/v1/posts/${post.id}`).set('Authorization', ADMIN).send({ remark: 'read afresh', version: post.version });
    // The read is held back, so that a copy kept from the forms above would be drawn before it lands.
    const detail = `**/api/v1/posts/${post.id}`;
    await page.route(detail, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await ui.row('ops').getByRole('button', { name: 'Edit' }).click();
    const remark = page.locator('form #remark');
    await remark.waitFor();
    expect(await remark.inputValue()).to.equal('read afresh');
    await page.unroute(detail);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/system\/posts$/);
  });

  it('survives a reload on a console route (the server answers the page for it)', async () => {
    await page.reload();
    await ui.row('Operations team').waitFor();
  });

  it('draws the page only once the catalog has arrived, when the menus arrive first', async () => {
    let catalogAnswered = false;
    const menusAnswered = page.waitForResponse((response) => response.url().endsWith('/api/v1/me/menus'));
    await page.route('**/v3/api-docs', async (route) => {
      await menusAnswered;
      // Long enough for the menus to be drawn while the catalog is still on its way.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
      catalogAnswered = true;
    });
    await page.reload();
    await ui.row('Operations team').waitFor();
    expect(catalogAnswered).to.equal(true);
    await page.unroute('**/v3/api-docs');
  });

  it('deletes the post after confirmation, the confirmation drawn without a transition as the system asks', async () => {
    const transitions = await transitionsWhile(page, async () => {
      await ui.row('ops').getByRole('button', { name: 'Delete' }).click();
      await page.locator('.ant-popconfirm:not([class*="-appear"]):not([class*="-enter"])').waitFor();
      // The click's wave starts a frame after the click.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    });
    expect(transitions).to.deep.equal([]);
    await ui.confirm();
    await ui.row('ops').waitFor({ state: 'detached' });
    expect(await postsIn()).to.deep.equal([]);
  });

  it('switches every text to Chinese, the built-in menus’ titles too, and asks the API in Chinese', async () => {
    // The menus are read again at once, in Chinese: their titles are the API's.
    const menusAsked = page.waitForRequest((request) => request.url().endsWith('/api/v1/me/menus'));
    await page.getByText('中文').click();
    expect((await menusAsked).headers()['accept-language']).to.equal('zh');
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    // Ant Design spaces out a two-character Chinese label: 新 增.
    await page.getByRole('button', { name: /^新\s?增$/ }).waitFor();
    expect(await page.locator('.ant-segmented-item-selected').textContent()).to.equal('中文');
    // The built-in modules' menus in the Chinese their modules declare (menuTitles).
    await ui.sideMenu().filter({ hasText: '岗位管理' }).waitFor();
    await ui.sideMenu().filter({ hasText: '用户管理' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).to.equal('zh');
    const asked = page.waitForRequest((request) => request.url().includes('/api/v1/posts'));
    await page.reload();
    expect((await asked).headers()['accept-language']).to.equal('zh');
    await page.getByText('English').click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await ui
      .sideMenu()
      .filter({ hasText: /^Users$/ })
      .waitFor();
  });

  it('signs out: the session ends and the console asks to sign in again', async () => {
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/logout'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect((await loggedOut).status()).to.equal(200);
    await page.waitForURL(/\/login(\?|$)/);
    expect(await page.evaluate(() => localStorage.getItem('atrium.session'))).to.equal(null);
    await page.goto(`${server.url}/system/posts`);
    await page.waitForURL(/\/login(\?|$)/);
  });

  it('shows a user only the menus of their role, and no button they lack the permission for', async () => {
    const user = await createUser(server, { permissions: ['system:post:list', 'me:profile:query', 'me:menu:list'] });
    await server.http().post('/api/v1/posts').set('Authorization', ADMIN).send({ code: 'hr', name: 'Human resources' });
    await ui.signIn(user.username, user.password);
    await ui.sideMenu().first().waitFor();
    expect(await ui.sideMenu().allTextContents()).to.deep.equal(['Posts']);
    await ui.sideMenu().click();
    await ui.row('hr').waitFor();
    expect(await page.getByRole('button', { name: /^(Create|Edit|Delete)$/ }).count()).to.equal(0);
  });

  it('made every request to this server, with no uncaught error or CSP violation, and no console error but the 4xx it provoked', () => {
    const origin = new URL(server.url).origin;
    for (const url of record.requests) expect(new URL(url).origin, url).to.equal(origin);
    // Chromium logs every 4xx answer as a console error; the wrong password, the invalid post and the stale edit above were on purpose.
    const provoked = [/status of 400 \(Bad Request\)/, /status of 401 \(Unauthorized\)/, /status of 409 \(Conflict\)/];
    expect(record.consoleErrors.filter((text) => provoked[1].test(text))).to.have.length(1);
    const consoleErrors = record.consoleErrors.filter((text) => !provoked.some((pattern) => pattern.test(text)));
    const { pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});

/**
 * The class names an element ran a transition with while `action` ran: rc-motion's `-active` step
 * of an appear or an enter (a popover's zoom, a button's click wave). Without motion a popover
 * still passes through the `-prepare` step (it is measured there, to be aligned with its
 * button), but never through `-active`.
 */
async function transitionsWhile(page: Page, action: () => Promise<void>): Promise<string[]> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const note = (node: Node) => {
      const classes = node instanceof Element ? (node.getAttribute('class') ?? '') : '';
      if (/-(appear|enter)-active/.test(classes)) seen.push(classes);
    };
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        note(record.target);
        record.addedNodes.forEach((added) => {
          note(added);
          if (added instanceof Element) added.querySelectorAll('*').forEach(note);
        });
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    Object.assign(window, { transitionsSeen: seen, transitionsObserver: observer });
  });
  await action();
  return page.evaluate(() => {
    const { transitionsSeen, transitionsObserver } = window as unknown as { transitionsSeen: string[]; transitionsObserver: MutationObserver };
    transitionsObserver.disconnect();
    return transitionsSeen;
  });
}
