import fs from 'node:fs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { expectSuccess } from '../http/helpers';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, setParam } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

/**
 * An export past `assets.export.backgroundRows` in the console (pages/export-button.tsx): the
 * page tells the user the file is being made, follows the task, and downloads the file from its
 * signed link once it is ready. Chromium against the real server.
 */
describe('browser: a large export made in the background', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;

  before(async function () {
    ui = await openConsole(this);
    ({ server, page } = ui);
    for (const [code, name, sort] of [
      ['BGA', 'Background A', 1],
      ['BGB', 'Background B', 2],
      ['BGC', 'Background C', 3],
    ] as const) {
      expectSuccess(await server.http().post('/api/v1/posts').set('Authorization', ADMIN).send({ code, name, sort, status: 'active' }), 201);
    }
    await setParam(server, 'assets.export.backgroundRows', '2');
    await ui.signIn('admin', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  });
  after(() => ui?.close());

  it('says the file is being made, then downloads it when the task has made it', async () => {
    await ui.sideMenu().filter({ hasText: 'Posts' }).click();
    await page.waitForURL(/\/system\/posts$/);
    await ui.row('BGC').waitFor();
    const downloaded = page.waitForEvent('download');
    const answered = page.waitForResponse((response) => response.url().includes('/api/v1/posts/export?'));
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    expect((await answered).status()).to.equal(201);
    await page.getByText('A large export: it is being made in the background').waitFor();
    const download = await downloaded;
    expect(download.suggestedFilename()).to.match(/^posts-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0].split(',')[0]).to.equal('Code');
    expect(lines.slice(1).map((line) => line.split(',')[0])).to.include.members(['BGA', 'BGB', 'BGC']);
    await page.getByText('The export is ready').waitFor();
  });
});
