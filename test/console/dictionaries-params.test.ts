import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, createUser } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

interface Item {
  label: string;
  value: string;
  sort: number;
}

/**
 * The console's pages for dictionaries and params (pages/custom/dictionaries, pages/custom/
 * params), in Chromium against the real server: a dictionary and its items made and changed on
 * the page and read back over the API, a param's value changed, a built-in param's protection,
 * and an administrator without the edit permission, who is offered no Edit.
 */
describe('browser: the dictionaries and params pages', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;

  const api = () => server.http();
  const dialog = () => page.getByRole('dialog');
  const save = async (method: string, path: string) => {
    const answered = page.waitForResponse((response) => response.request().method() === method && new URL(response.url()).pathname.startsWith(path));
    await dialog().getByRole('button', { name: 'Save' }).click();
    expect((await answered).status()).to.be.oneOf([200, 201]);
    await dialog().waitFor({ state: 'detached' });
  };
  const itemsCard = (name: string): Locator => page.locator('.ant-card', { has: page.getByText(`Items of ${name}`, { exact: true }) });
  const items = async (code: string): Promise<Item[]> => {
    const res = await api().get(`/api/v1/dictionaries/${code}/items`).set('Authorization', ADMIN);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return (res.body.data.items as Item[]).map(({ label, value, sort }) => ({ label, value, sort }));
  };
  const param = async (key: string) => (await api().get(`/api/v1/params/by-key/${key}`).set('Authorization', ADMIN)).body.data as { value: string };
  const openMenu = async (title: string, path: RegExp) => {
    await ui.sideMenu().filter({ hasText: title }).click();
    await page.waitForURL(path);
  };
  const search = async (keyword: string) => {
    await page.locator('#paramFilters_keyword').fill(keyword);
    await page.getByRole('button', { name: 'Search' }).click();
  };

  before(async function () {
    ui = await openConsole(this, async (started) => {
      const res = await started.http().post('/api/v1/params').set('Authorization', ADMIN).send({ key: 'site.title', name: 'Site title', value: 'Atrium' });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
    });
    ({ server, page, record } = ui);
  });
  after(() => ui?.close());

  it('creates a dictionary on the page, then two items in it, which the API reads back in their order', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await openMenu('Dictionaries', /\/system\/dictionaries$/);
    await page.getByRole('button', { name: 'Create' }).click();
    await dialog().getByLabel('Code').fill('sys_gender');
    await dialog().getByLabel('Name').fill('Gender');
    await save('POST', '/api/v1/dictionaries');

    await ui.row('sys_gender').click();
    const card = itemsCard('Gender');
    for (const item of [
      { label: 'Female', value: 'f', sort: 2 },
      { label: 'Male', value: 'm', sort: 1 },
    ]) {
      await card.getByRole('button', { name: 'Create' }).click();
      await dialog().getByLabel('Label', { exact: true }).fill(item.label);
      await dialog().getByLabel('Value', { exact: true }).fill(item.value);
      await dialog().getByLabel('Order').fill(String(item.sort));
      await save('POST', '/api/v1/dictionaries/sys_gender/items');
    }
    // The list read again after the second create (Male's) has both.
    await card.locator('.ant-table-row', { hasText: /^Male/ }).waitFor();
    expect(await card.locator('.ant-table-row td:first-child').allTextContents()).to.deep.equal(['Male', 'Female']);
    expect(await items('sys_gender')).to.deep.equal([
      { label: 'Male', value: 'm', sort: 1 },
      { label: 'Female', value: 'f', sort: 2 },
    ]);
  });

  it('edits an item in its dialog, its label and its Chinese label, and the API reads both', async () => {
    const card = itemsCard('Gender');
    await card.locator('.ant-table-row', { hasText: 'Female' }).getByRole('button', { name: 'Edit' }).click();
    const label = dialog().getByLabel('Label', { exact: true });
    await page.waitForFunction(() => (document.querySelector('#item_label') as HTMLInputElement | null)?.value === 'Female');
    await label.fill('Woman');
    await dialog().getByLabel('Chinese label').fill('女');
    await save('PUT', '/api/v1/dictionaries/sys_gender/items/');
    await card.locator('.ant-table-row', { hasText: 'Woman' }).waitFor();
    expect(await items('sys_gender')).to.deep.include({ label: 'Woman', value: 'f', sort: 2 });
    const res = await api().get('/api/v1/dictionaries/sys_gender/items?keyword=f').set('Authorization', ADMIN).set('Accept-Language', 'zh');
    expect(res.body.data.items[0]).to.include({ label: 'Woman', displayLabel: '女' });
    expect(res.body.data.items[0].labels).to.deep.equal({ zh: '女' });
  });

  it('deletes an item after confirmation', async () => {
    const card = itemsCard('Gender');
    await card.locator('.ant-table-row', { hasText: 'Male' }).getByRole('button', { name: 'Delete' }).click();
    await ui.confirm();
    await card.locator('.ant-table-row', { hasText: 'Male' }).waitFor({ state: 'detached' });
    expect((await items('sys_gender')).map((item) => item.label)).to.deep.equal(['Woman']);
  });

  it('edits a param’s value on the page', async () => {
    await openMenu('Params', /\/system\/params$/);
    await search('site.title');
    await ui.row('site.title').getByRole('button', { name: 'Edit' }).click();
    await page.waitForFunction(() => (document.querySelector('#param_value') as HTMLTextAreaElement | null)?.value === 'Atrium');
    await dialog().getByLabel('Value').fill('Atrium at Acme');
    await save('PUT', '/api/v1/params/');
    await ui.row('Atrium at Acme').waitFor();
    expect((await param('site.title')).value).to.equal('Atrium at Acme');
  });

  it('offers no Delete on a built-in param, whose value the API checks, its message under the value', async () => {
    await search('auth.login.maxFailures');
    const row = ui.row('auth.login.maxFailures');
    await row.getByText('Built-in').waitFor();
    // Edit shows once the permissions are known (the administrator holds system:config:remove too).
    await row.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await row.getByRole('button', { name: 'Delete' }).count()).to.equal(0);
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.waitForFunction(() => (document.querySelector('#param_value') as HTMLTextAreaElement | null)?.value === '5');
    expect(await dialog().getByLabel('Key').isDisabled()).to.equal(true);
    await dialog().getByLabel('Value').fill('many');
    const refused = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/api/v1/params/'));
    await dialog().getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).to.equal(400);
    const explained = await dialog()
      .locator('.ant-form-item', { has: page.locator('#param_value') })
      .locator('.ant-form-item-explain-error')
      .textContent();
    expect(explained).to.be.a('string').and.not.equal('');
    expect((await param('auth.login.maxFailures')).value).to.equal('5');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  it('offers an administrator without the edit permission no Edit on dictionaries, their items or params', async () => {
    const reader = await createUser(server, {
      permissions: ['system:dict:list', 'system:dict:query', 'system:dict:add', 'system:config:list', 'system:config:add', 'me:profile:query', 'me:menu:list'],
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await ui.signIn(reader.username, reader.password);
    await openMenu('Dictionaries', /\/system\/dictionaries$/);
    await ui.row('sys_gender').click();
    await itemsCard('Gender').locator('.ant-table-row', { hasText: 'Woman' }).waitFor();
    // Create is theirs (add): once it shows, the page's permissions are known and Edit's absence means something.
    await itemsCard('Gender').getByRole('button', { name: 'Create' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create' }).count()).to.equal(2);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).to.equal(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).to.equal(0);

    await openMenu('Params', /\/system\/params$/);
    await ui.row('site.title').waitFor();
    await page.getByRole('button', { name: 'Create' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).to.equal(0);
  });

  it('made no uncaught error, CSP violation or console error but the 400 it provoked', () => {
    const provoked = /status of 400 \(Bad Request\)/;
    expect(record.consoleErrors.filter((text) => provoked.test(text))).to.have.length(1);
    const consoleErrors = record.consoleErrors.filter((text) => !provoked.test(text));
    const { pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
