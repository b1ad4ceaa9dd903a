import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { bytesOrJson } from '../http/helpers';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { ADMIN_PASSWORD, createUser, login, type CreatedUser } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

/** A PNG of `width`×`height` grey pixels, built here byte by byte (signature, IHDR, IDAT, IEND). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framing = Buffer.alloc(8);
    framing.writeUInt32BE(data.length, 0);
    framing.writeUInt32BE(zlib.crc32(typed), 4);
    return Buffer.concat([framing.subarray(0, 4), typed, framing.subarray(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2], 8); // 8 bits per channel, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

interface Asset {
  id: string;
  filename: string;
  sha256: string;
}

/**
 * The assets page (pages/custom/assets) and the profile page (pages/profile), in Chromium
 * against the real server: a dropped PNG uploaded and previewed, the API's refusal of a file,
 * a signed link that downloads without a token, delete, a lesser user offered no delete, and the
 * signed-in user's own profile and password.
 */
describe('browser: the assets and profile pages', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;
  let clerk: CreatedUser;
  const image = png(3, 2);

  const assetNamed = async (filename: string) =>
    ((await server.http().get('/api/v1/assets').query({ filename }).set('Authorization', ADMIN)).body.data.items as Asset[]).find(
      (asset) => asset.filename === filename,
    );
  const dialog = () => page.getByRole('dialog');

  before(async function () {
    ui = await openConsole(this);
    ({ server, page, record } = ui);
    clerk = await createUser(server, {
      permissions: [
        'asset:asset:list',
        'asset:asset:upload',
        'asset:asset:download',
        'me:profile:query',
        'me:menu:list',
        'me:profile:edit',
        'me:password:edit',
      ],
    });
    const upload = await server.http().post('/api/v1/assets').set('Authorization', ADMIN).attach('file', image, 'shared.png');
    expect(upload.status, JSON.stringify(upload.body)).to.equal(201);
  });
  after(() => ui?.close());

  it('uploads a PNG dropped on the page and shows its preview', async () => {
    await ui.signIn('admin', ADMIN_PASSWORD);
    await ui.sideMenu().filter({ hasText: 'Assets' }).click();
    await page.waitForURL(/\/system\/assets$/);
    await page.locator('.ant-upload-drag input[type=file]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: image });
    const preview = ui.row('dot.png').getByRole('img', { name: 'Preview of dot.png' });
    await preview.waitFor();
    await page.waitForFunction((element) => (element as HTMLImageElement).complete, await preview.elementHandle());
    expect(await preview.evaluate((element) => [(element as HTMLImageElement).naturalWidth, (element as HTMLImageElement).naturalHeight])).to.deep.equal([
      3, 2,
    ]);
    expect(await ui.row('dot.png').textContent())
      .to.include('image/png')
      .and.to.include(`${image.length} B`);
    expect((await assetNamed('dot.png'))?.sha256).to.equal(crypto.createHash('sha256').update(image).digest('hex'));
  });

  it('shows the API’s refusal of a file whose content is not allowed', async () => {
    await page.locator('.ant-upload-drag input[type=file]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture\n') });
    const refusal = page.getByRole('alert').filter({ hasText: 'notes.png was not uploaded' });
    expect(await refusal.textContent()).to.include('The file’s content is not of a type that may be uploaded.');
    expect(await assetNamed('notes.png')).to.equal(undefined);
  });

  it('makes a signed link, copies it, and the link downloads the same bytes without a token', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await ui.row('dot.png').getByRole('button', { name: 'Copy signed link' }).click();
    await dialog().locator('.ant-select-selector').click();
    await page.locator('.ant-select-item-option', { hasText: '1 hour' }).click();
    await dialog().getByRole('button', { name: 'Make link' }).click();
    const link = await dialog().getByRole('textbox', { name: 'Signed link' }).inputValue();
    await dialog().getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(link);
    const url = new URL(link);
    expect(url.origin).to.equal(new URL(server.url).origin);
    expect(Number(url.searchParams.get('expires')) * 1000 - Date.now()).to.be.within(3500_000, 3601_000);
    const download = await server
      .http()
      .get(url.pathname + url.search)
      .buffer(true)
      .parse(bytesOrJson as never);
    expect(download.status).to.equal(200);
    expect(Buffer.compare(download.body as Buffer, image)).to.equal(0);
    await dialog().getByRole('button', { name: 'Close' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('deletes an asset after confirmation', async () => {
    await ui.row('dot.png').getByRole('button', { name: 'Delete' }).click();
    await ui.confirm();
    await ui.row('dot.png').waitFor({ state: 'detached' });
    expect(await assetNamed('dot.png')).to.equal(undefined);
  });

  it('a user without the delete permission is offered uploads and signed links, but no Delete', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await ui.signIn(clerk.username, clerk.password);
    await ui.sideMenu().filter({ hasText: 'Assets' }).click();
    await ui.row('shared.png').getByRole('button', { name: 'Copy signed link' }).waitFor();
    await page.locator('.ant-upload-drag').waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).to.equal(0);
  });

  it('saves the user’s own nickname and email from the profile page, reached from the header, which then shows the new name', async () => {
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await page.waitForFunction((name) => (document.querySelector('form #nickname') as HTMLInputElement | null)?.value === name, clerk.username);
    await ui.field('nickname').fill('Clerk Kent');
    await ui.field('email').fill('Clerk@Example.com');
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/me/profile'));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).to.equal(200);
    await page.locator('.ant-layout-header').getByText('Clerk Kent', { exact: true }).waitFor();
    const tokens = await login(server, clerk.username, clerk.password);
    const me = (await server.http().get('/api/v1/me').set('Authorization', tokens.bearer)).body.data.user;
    expect({ nickname: me.nickname, email: me.email }).to.deep.equal({ nickname: 'Clerk Kent', email: 'clerk@example.com' });
  });

  it('refuses a wrong current password with the API’s message under the field', async () => {
    await ui.field('oldPassword').fill('not-my-password');
    await ui.field('newPassword').fill('a-fresh-passphrase-77');
    await ui.field('confirm').fill('a-fresh-passphrase-77');
    await page.getByRole('button', { name: 'Change password' }).click();
    const item = page.locator('.ant-form-item', { has: page.locator('#oldPassword') });
    await item.locator('.ant-form-item-explain-error', { hasText: 'is not the current password' }).waitFor();
  });

  it('changes the password: the old one then fails to sign in over the API, the new one works', async () => {
    await ui.field('oldPassword').fill(clerk.password);
    const changed = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/me/password'));
    await page.getByRole('button', { name: 'Change password' }).click();
    expect((await changed).status()).to.equal(200);
    await page.getByText('Password changed; your other sessions have ended').waitFor();
    const old = await server.http().post('/api/v1/auth/login').send({ username: clerk.username, password: clerk.password });
    expect([old.status, old.body.code]).to.deep.equal([401, 'AUTH_INVALID_CREDENTIALS_401']);
    expect((await login(server, clerk.username, 'a-fresh-passphrase-77')).accessToken).to.be.a('string');
    // The page's own session goes on, past a reload.
    await page.reload();
    await page.waitForFunction(() => (document.querySelector('form #nickname') as HTMLInputElement | null)?.value === 'Clerk Kent');
  });

  it('made no uncaught error, CSP violation or console error but the 415 and 400 it provoked', () => {
    const provoked = [/status of 415 \(Unsupported Media Type\)/, /status of 400 \(Bad Request\)/];
    for (const pattern of provoked) expect(record.consoleErrors.filter((text) => pattern.test(text))).to.have.length(1);
    const consoleErrors = record.consoleErrors.filter((text) => !provoked.some((pattern) => pattern.test(text)));
    const { pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
