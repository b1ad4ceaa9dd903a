import fs from 'node:fs';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { eventually } from '../http/helpers';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, createUser, createUserAndLogin, login, uniqueName } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

/** The fields of a CSV line (RFC 4180: a quoted field may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
    .slice(0, -1)
    .map(([, field]) => (field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field));
}

interface TaskBody {
  id: string;
  state: string;
  version: number;
  result: unknown;
}

/**
 * The console's pages for the audit logs, tasks, schedules and online sessions
 * (pages/custom/audit, tasks, sessions), in Chromium against the real server: the login log
 * filtered and exported, tasks submitted, followed live, cancelled and finished, a refused action,
 * a schedule with its fire times, a forced logout, and the buttons a lesser administrator lacks.
 */
describe('browser: the audit, tasks, schedules and sessions pages', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;

  const api = () => server.http();
  const drawer = () => page.locator('.ant-drawer-content');
  const dialog = () => page.getByRole('dialog');
  const open = async (menu: string, path: RegExp) => {
    await ui.sideMenu().filter({ hasText: menu }).click();
    await page.waitForURL(path);
  };
  /** Opens the select of the form item holding `#id`, and picks the option showing `text`. */
  const choose = async (scope: Locator | Page, id: string, text: string) => {
    await scope
      .locator('.ant-form-item', { has: page.locator(`#${id}`) })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).click();
  };
  const task = async (id: string) => (await api().get(`/api/v1/tasks/${id}`).set('Authorization', ADMIN)).body.data as TaskBody;
  const submitOnPage = async (type: string, fill: () => Promise<void>): Promise<string> => {
    await page.getByRole('button', { name: 'Submit a task' }).click();
    await choose(dialog(), 'submit-task_type', `(${type})`);
    await fill();
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/tasks'));
    await dialog().getByRole('button', { name: 'Submit a task' }).click();
    const response = await created;
    expect(response.status()).to.equal(201);
    return ((await response.json()) as { data: TaskBody }).data.id;
  };

  let alice: string;

  before(async function () {
    ui = await openConsole(this);
    ({ server, page, record } = ui);
    const user = await createUser(server);
    alice = user.username;
    await login(server, alice, user.password);
    const refused = await api().post('/api/v1/auth/login').send({ username: alice, password: 'not-her-password' });
    expect(refused.status).to.equal(401);
    // The audit log is written in batches, off the request path.
    await eventually(async () => {
      const res = await api().get('/api/v1/audit/logins').query({ username: alice }).set('Authorization', ADMIN);
      return res.body.data.total === 2 ? true : undefined;
    }, 5000);
    await ui.signIn('admin', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  });
  after(() => ui?.close());

  it('shows the failed login attempt, and not the successful one, when the login log is filtered to failures', async () => {
    await open('Login log', /\/system\/audit\/logins$/);
    await page.locator('#auditFilters_username').fill(alice);
    await choose(page, 'auditFilters_success', 'Failed');
    const filtered = page.waitForResponse((response) => response.url().includes('/api/v1/audit/logins?') && response.url().includes('success=false'));
    await page.getByRole('button', { name: 'Search' }).click();
    expect(new URL((await filtered).url()).searchParams.get('username')).to.equal(alice);
    await ui.row(alice).first().waitFor();
    const rows = await page.locator('.ant-table-row').allTextContents();
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include('Failed').and.include('Wrong username or password').and.not.include('Succeeded');
  });

  it('downloads, with Export → CSV, a file of exactly the rows the filters select', async () => {
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).to.match(/^audit-logins-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .filter(Boolean)
      .map(csvFields);
    const at = (row: string[], column: string) => row[header.indexOf(column)];
    expect(rows).to.have.length(1);
    expect([at(rows[0], 'Username'), at(rows[0], 'Succeeded'), at(rows[0], 'Reason')]).to.deep.equal([alice, 'false', 'invalid_credentials']);
  });

  it('follows a system.sleep task submitted on the page from queued or running to cancelled when Cancel is pressed, without a reload', async () => {
    await open('Tasks', /\/system\/tasks$/);
    const id = await submitOnPage('system.sleep', () => ui.field('ms').fill('60000'));
    await drawer().locator('[data-state="running"]').waitFor();
    // Set on this document: a reload would start a new one without it.
    await page.evaluate(() => Object.assign(window, { beforeCancel: true }));
    await drawer().getByRole('button', { name: 'Cancel task' }).click();
    await drawer().locator('[data-state="cancelled"]').waitFor();
    expect((await task(id)).state).to.equal('cancelled');
    expect(await page.evaluate(() => 'beforeCancel' in window)).to.equal(true);
    await drawer().getByRole('button', { name: 'Retry' }).waitFor();
    await page.locator('.ant-drawer-close').click();
    await page.locator('.ant-table-row').first().locator('[data-state="cancelled"]').waitFor();
  });

  it('shows a system.echo task reaching succeeded, with its payload back as the result', async () => {
    const id = await submitOnPage('system.echo', () => dialog().getByRole('textbox', { name: 'Payload' }).fill('{"greeting": "hello from the page"}'));
    await drawer().locator('[data-state="succeeded"]').waitFor();
    const result = drawer().getByRole('region', { name: 'Result' });
    expect(JSON.parse((await result.locator('pre').textContent()) ?? '')).to.deep.equal({ greeting: 'hello from the page' });
    expect((await task(id)).result).to.deep.equal({ greeting: 'hello from the page' });
    await drawer().locator('.ant-table-row', { hasText: 'Succeeded' }).waitFor();
    await page.locator('.ant-drawer-close').click();
  });

  it('shows the API’s 409 when a task shown as pending was cancelled meanwhile and Run is pressed', async () => {
    const made = await api()
      .post('/api/v1/tasks')
      .set('Authorization', ADMIN)
      .send({ idempotencyKey: uniqueName('pending'), type: 'system.echo', payload: { marker: 'pending one' }, autoRun: false });
    expect(made.status).to.equal(201);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.locator('.ant-table-row', { has: page.locator('[data-state="pending"]') });
    await row.waitFor();
    const cancelled = await api()
      .post(`/api/v1/tasks/${made.body.data.id as string}/cancel`)
      .set('Authorization', ADMIN);
    expect(cancelled.status).to.equal(200);
    const refused = page.waitForResponse((response) => response.url().includes(`/api/v1/tasks/${made.body.data.id as string}/run`));
    await row.getByRole('button', { name: 'Run' }).click();
    const response = await refused;
    expect(response.status()).to.equal(409);
    const { message } = (await response.json()) as { message: string };
    await page.locator('.ant-notification-notice', { hasText: message }).waitFor();
    await page.locator('.ant-table-row', { has: page.locator('[data-state="pending"]') }).waitFor({ state: 'detached' });
    expect((await task(made.body.data.id as string)).state).to.equal('cancelled');
  });

  it('previews the fire times of a cron as it is typed, names a bad one, and lists a saved schedule with its next five', async () => {
    await open('Task schedules', /\/system\/tasks\/schedules$/);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/system\/tasks\/schedules\/create$/);
    const preview = page.getByRole('region', { name: 'Next fire times' });
    await ui.field('cron').fill('0 0 30 2 *');
    await preview.getByText('is not a valid cron expression').waitFor();
    await ui.field('cron').fill('0 9 * * 1-5');
    await preview.locator('time').nth(4).waitFor();
    const name = uniqueName('Weekday echo');
    await ui.field('name').fill(name);
    await choose(page, 'type', '(system.echo)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/system\/tasks\/schedules$/);
    const listed = await api().get('/api/v1/tasks/schedules').query({ keyword: name }).set('Authorization', ADMIN);
    const schedule = listed.body.data.items[0] as { cron: string; timezone: string; nextFireTimes: string[] };
    expect(schedule).to.include({ cron: '0 9 * * 1-5', timezone: 'UTC' });
    await ui.row(name).locator('time').nth(4).waitFor();
    const shown = await ui
      .row(name)
      .locator('time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
    expect(shown).to.deep.equal(schedule.nextFireTimes);
    expect(shown).to.have.length(5);
  });

  it('ends another user’s session with Force logout, after which that user’s token is refused', async () => {
    const bob = await createUserAndLogin(server, { permissions: ['me:profile:query'] });
    expect((await api().get('/api/v1/me').set('Authorization', bob.tokens.bearer)).status).to.equal(200);
    await open('Online sessions', /\/system\/sessions$/);
    await page.getByLabel('User', { exact: true }).fill(bob.username);
    await page.getByRole('button', { name: 'Search' }).click();
    await ui.row(bob.username).getByRole('button', { name: 'Force logout' }).click();
    const ended = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/api/v1/system/sessions/'));
    await ui.confirm();
    expect((await ended).status()).to.equal(200);
    await ui.row(bob.username).waitFor({ state: 'detached' });
    expect((await api().get('/api/v1/me').set('Authorization', bob.tokens.bearer)).status).to.equal(401);
  });

  it('shows a lesser administrator the login log without Export and the sessions without Force logout', async () => {
    const clerk = await createUser(server, {
      permissions: ['me:profile:query', 'me:menu:list', 'audit:login:list', 'audit:operation:list', 'system:session:list', 'task:task:submit'],
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await ui.signIn(clerk.username, clerk.password);
    await open('Login log', /\/system\/audit\/logins$/);
    await ui.row(clerk.username).first().waitFor();
    expect(await page.getByRole('button', { name: 'Export', exact: true }).count()).to.equal(0);
    await open('Operation log', /\/system\/audit\/operations$/);
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.getByRole('button', { name: 'Export', exact: true }).count()).to.equal(0);
    expect(await page.getByRole('button', { name: 'Details' }).count()).to.equal(0);
    await open('Online sessions', /\/system\/sessions$/);
    await ui.row(clerk.username).waitFor();
    expect(await page.getByRole('button', { name: 'Force logout' }).count()).to.equal(0);
  });

  it('ran all of it within the Content-Security-Policy, with no error but the refusals the tests asked for', () => {
    // The refused Run (409) and the cron that never fires (400) are logged by the browser.
    const provoked = /status of (400|409)/;
    const { pageErrors, cspViolations } = record;
    const consoleErrors = record.consoleErrors.filter((text) => !provoked.test(text));
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
