import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, TEST_PASSWORD, createRole, createUser, login, type CreatedRole, type CreatedUser } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

interface Notice {
  id: string;
  title: string;
  status: string;
  audience: string;
  audienceIds: string[];
  version: number;
}

/** What a reader of their own notices needs, and the console around them. */
const READER = ['me:notice:list', 'me:profile:query', 'me:menu:list', 'system:catalog:query'];

/**
 * The console's notices page (pages/custom/notices) and the header's bell (layout/notice-bell),
 * in Chromium against the real server: a notice written on the page for a role and published
 * there; a publish refused with the API's 409 as a notification; a reader of that role whose bell
 * counts a notice published meanwhile without a reload, and who reads them in the bell's drawer
 * (their Markdown rendered) until none is unread; and a lesser administrator who may write and
 * edit notices but not publish them, offered no Publish or Withdraw.
 */
describe('browser: the notices page and the bell', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;
  let readers: CreatedRole;
  let reader: CreatedUser;
  /** A draft for a role nobody holds, made before the page opens: its Publish goes stale. */
  let stale: Notice;

  const api = () => server.http();
  const dialog = () => page.getByRole('dialog');
  const write = async (body: Record<string, unknown>) => {
    const res = await api().post('/api/v1/notices').set('Authorization', ADMIN).send(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data as Notice;
  };
  const publish = async (id: string) => {
    const res = await api().post(`/api/v1/notices/${id}/publish`).set('Authorization', ADMIN);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  };
  const noticeTitled = async (title: string) =>
    ((await api().get('/api/v1/notices').query({ keyword: title }).set('Authorization', ADMIN)).body.data.items as Notice[]).find(
      (notice) => notice.title === title,
    );
  const bell = (name: string) => page.getByRole('button', { name, exact: true });
  const signOut = async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
  };
  const openNotices = async () => {
    await ui.sideMenu().filter({ hasText: 'Notices' }).click();
    await page.waitForURL(/\/system\/notices$/);
  };

  before(async function () {
    ui = await openConsole(this, async (started) => {
      server = started;
      readers = await createRole(started, { code: 'notice_readers', permissions: READER });
      reader = await createUser(started, { roleIds: [readers.id] });
      const nobody = await createRole(started, { code: 'nobody_here', permissions: READER });
      stale = await write({ title: 'Stale draft', content: 'Never mind.', audience: 'roles', audienceIds: [nobody.id] });
    });
    ({ server, page, record } = ui);
  });
  after(() => ui?.close());

  it('writes a notice for a role on the page, a draft, and publishes it there', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await openNotices();
    await ui.row('Stale draft').getByText('Draft', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Create' }).click();
    await ui.field('notice_title').fill('Fire drill');
    await ui.field('notice_content').fill('Everyone out at **three**, by the east stairs.');
    await dialog().locator('label.ant-radio-wrapper', { hasText: 'Roles' }).click();
    await dialog()
      .locator('.ant-form-item', { has: page.locator('#notice_audienceIds') })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-item-option', { hasText: 'notice_readers' }).click();
    // Closes the options, which could cover the dialog's buttons.
    await dialog().locator('.ant-modal-title').click();
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/notices'));
    await dialog().getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).to.equal(201);
    await dialog().waitFor({ state: 'detached' });

    const row = ui.row('Fire drill');
    await row.getByText('Draft', { exact: true }).waitFor();
    await row.getByText('notice_readers').waitFor();
    expect(await noticeTitled('Fire drill')).to.deep.include({ status: 'draft', audience: 'roles', audienceIds: [readers.id] });

    await row.getByRole('button', { name: 'Publish' }).click();
    await ui.confirm();
    await row.getByText('Published', { exact: true }).waitFor();
    // A published notice is withdrawn, not edited.
    await row.getByRole('button', { name: 'Withdraw' }).waitFor();
    expect(await row.getByRole('button', { name: 'Edit' }).count()).to.equal(0);
    expect((await noticeTitled('Fire drill'))?.status).to.equal('published');
  });

  it('shows the API’s 409 as a notification when the notice was published meanwhile, and reads the list again', async () => {
    await publish(stale.id);
    const row = ui.row('Stale draft');
    await row.getByRole('button', { name: 'Publish' }).click();
    await ui.confirm();
    await page.locator('.ant-notification-notice', { hasText: 'The notice is not in a state that allows this' }).waitFor();
    await row.getByText('Published', { exact: true }).waitFor();
  });

  it('counts a notice published to the reader on the bell without a reload, and announces it', async () => {
    await signOut();
    // The reader's live stream is open once its answer starts: what is published from then on reaches it.
    const following = page.waitForResponse((response) => response.url().endsWith('/api/v1/me/events') && response.status() === 200);
    await ui.signIn(reader.username, TEST_PASSWORD);
    await bell('Notices, 1 unread').waitFor();
    await following;
    // Set on this document: a reload would start a new one without it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const parking = await write({ title: 'Parking', content: 'The **north** lot closes on Friday.', audience: 'roles', audienceIds: [readers.id] });
    await publish(parking.id);
    await bell('Notices, 2 unread').waitFor();
    await page.locator('.ant-notification-notice', { hasText: 'New notice' }).filter({ hasText: 'Parking' }).waitFor();
    expect(await page.evaluate(() => 'sameDocument' in window)).to.equal(true);
  });

  it('lists the reader’s notices unread first in the bell’s drawer; opening one shows its Markdown rendered and marks it read', async () => {
    await bell('Notices, 2 unread').click();
    const drawer = page.locator('.ant-drawer-content', { hasText: 'Your notices' });
    const item = (title: string) => drawer.locator('.ant-collapse-item', { hasText: title });
    await item('Parking').waitFor();
    expect(await drawer.locator('.ant-collapse-header').allTextContents()).to.satisfy(
      (headers: string[]) => headers.length === 2 && headers[0].includes('Parking') && headers[1].includes('Fire drill'),
    );
    await item('Parking').getByText('Unread', { exact: true }).waitFor();

    await item('Parking').locator('.ant-collapse-header').click();
    await item('Parking').locator('.notice-content strong', { hasText: 'north' }).waitFor();
    await bell('Notices, 1 unread').waitFor();
    await item('Parking').getByText('Unread', { exact: true }).waitFor({ state: 'detached' });

    await item('Fire drill').locator('.ant-collapse-header').click();
    await item('Fire drill').locator('.notice-content strong', { hasText: 'three' }).waitFor();
    await bell('Notices').waitFor();

    const tokens = await login(server, reader.username, TEST_PASSWORD);
    const mine = await api().get('/api/v1/me/notices').set('Authorization', tokens.bearer);
    expect((mine.body.data.items as { title: string; read: boolean }[]).map(({ title, read }) => ({ title, read }))).to.deep.equal([
      { title: 'Parking', read: true },
      { title: 'Fire drill', read: true },
    ]);
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('offers an administrator who may write notices but not publish them no Publish or Withdraw, and no bell', async () => {
    await write({ title: 'Canteen', content: 'Closed on Monday.' });
    const writer = await createUser(server, {
      permissions: ['notices:notice:list', 'notices:notice:query', 'notices:notice:add', 'notices:notice:edit', 'me:profile:query', 'me:menu:list'],
    });
    await signOut();
    await ui.signIn(writer.username, writer.password);
    await openNotices();
    const row = ui.row('Canteen');
    // Edit is theirs: once it shows, the page's permissions are known.
    await row.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByRole('button', { name: 'Create' }).waitFor();
    expect(await page.getByRole('button', { name: /^(Publish|Withdraw|Delete)$/ }).count()).to.equal(0);
    expect(await page.getByRole('button', { name: /^Notices/ }).count()).to.equal(0);

    await row.getByRole('button', { name: 'Edit' }).click();
    // Filled once the notice is read afresh.
    await page.locator('#notice_title[value="Canteen"]').waitFor();
    await ui.field('notice_title').fill('Canteen closed');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await ui.row('Canteen closed').getByText('Draft', { exact: true }).waitFor();
    expect((await noticeTitled('Canteen closed'))?.version).to.equal(2);
  });

  it('made no uncaught error, CSP violation or console error but the 409 it provoked', () => {
    const provoked = /status of 409 \(Conflict\)/;
    expect(record.consoleErrors.filter((text) => provoked.test(text))).to.have.length(1);
    const consoleErrors = record.consoleErrors.filter((text) => !provoked.test(text));
    const { pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
