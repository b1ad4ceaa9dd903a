import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, TEST_PASSWORD, createUser, type CreatedUser } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';
import { HEADER, workbook } from '../users/import-helpers';

/** A lesser administrator who may list and export users, but not import them. */
const LISTER = ['system:user:list', 'system:user:export', 'system:dept:list', 'me:profile:query', 'me:menu:list', 'system:catalog:query'];

/**
 * The users page's import (pages/custom/users/user-import.tsx) in Chromium against the real
 * server: the template fetched, a workbook with one bad row imported in partial mode, the task
 * followed to its result with the refused row, its column and why, the new users in the list;
 * and a lesser administrator without system:user:import offered no Import.
 */
describe('browser: importing users from a spreadsheet', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let lister: CreatedUser;

  before(async function () {
    ui = await openConsole(this, async (started) => {
      server = started;
      lister = await createUser(started, { permissions: LISTER });
    });
    ({ server, page } = ui);
  });
  after(() => ui?.close());

  const openUsers = async () => {
    await ui.sideMenu().filter({ hasText: 'Users' }).click();
    await page.waitForURL(/\/system\/users$/);
  };

  it('imports the good rows of a workbook, follows the task and lists the refused row with its column and why', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await openUsers();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog');

    const template = page.waitForResponse((response) => response.url().endsWith('/api/v1/users/import/template'));
    await dialog.getByRole('button', { name: 'Download the template' }).click();
    expect((await template).status()).to.equal(200);

    const file = await workbook(HEADER, [
      ['imported_ann', TEST_PASSWORD, 'Ann', 'ann@example.com', null, null, null, null],
      ['imported_bob', TEST_PASSWORD, 'Bob', 'not-an-email', null, null, null, null],
      ['imported_cid', null, 'Cid', null, null, null, null, null],
    ]);
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await dialog.getByLabel('Initial password').fill(TEST_PASSWORD);
    const submitted = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/users/import'));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    expect((await submitted).status()).to.equal(201);

    await dialog.getByText('2 created, 0 updated, 1 rows refused').waitFor({ timeout: 20_000 });
    const refused = dialog.locator('.ant-table-row');
    expect(await refused.count()).to.equal(1);
    const cells = await refused.first().locator('td').allInnerTexts();
    expect(cells.slice(0, 2)).to.deep.equal(['3', 'email']);
    expect(cells[2]).to.not.equal('');

    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await ui.row('imported_ann').waitFor();
    await ui.row('imported_cid').waitFor();
    const listed = await server.http().get('/api/v1/users').query({ keyword: 'imported_' }).set('Authorization', ADMIN);
    expect((listed.body.data.items as { username: string }[]).map((user) => user.username).sort()).to.deep.equal(['imported_ann', 'imported_cid']);
  });

  it('offers a lesser administrator without system:user:import no Import, and still the export', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await ui.signIn(lister.username, TEST_PASSWORD);
    await openUsers();
    await page.getByRole('button', { name: 'Export', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Import', exact: true }).count()).to.equal(0);
  });
});
