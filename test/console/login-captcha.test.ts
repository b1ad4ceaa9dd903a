import { expect } from 'chai';
import type { Page } from 'playwright-core';
import svgCaptcha from 'svg-captcha';
import type { PageRecord } from '../support/browser';
import { openConsole, type ConsoleHarness } from '../support/console';
import { createUser, setParam, type CreatedUser } from '../support/identity';
import type { TestServer } from '../support/server';

/**
 * The sign-in page after repeated failures: the server asks for a captcha, the page shows its
 * picture and a field, and a login with it read right goes through. The test reads the picture
 * as a person would, by watching svg-captcha draw it (the server runs in this process).
 */
describe('browser: the sign-in captcha', () => {
  let ui: ConsoleHarness;
  let server: TestServer;
  let page: Page;
  let record: PageRecord;
  let user: CreatedUser;
  const drawn: string[] = [];
  const draw = svgCaptcha.create;

  before(async function () {
    svgCaptcha.create = (options) => {
      const captcha = draw(options);
      drawn.push(captcha.text);
      return captcha;
    };
    ui = await openConsole(this, async (started) => {
      await setParam(started, 'auth.captcha.afterFailures', '1');
      user = await createUser(started, { permissions: ['me:profile:query', 'me:menu:list'] });
    });
    ({ server, page, record } = ui);
  });
  after(async () => {
    svgCaptcha.create = draw;
    await ui?.close();
  });

  const submit = async (password: string) => {
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(password);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/login'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    return (await answered).status();
  };

  it('shows no captcha before a failure, then a picture to read once the server asks for one', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Password').waitFor();
    expect(await page.getByLabel('Captcha').count()).to.equal(0);
    expect(await submit('wrong-password')).to.equal(401);
    // The first failure is a wrong password; the next try is refused for want of a captcha.
    expect(await submit('wrong-password')).to.equal(401);
    await page.getByRole('img', { name: 'The characters to type' }).waitFor();
    expect(await page.getByRole('img', { name: 'The characters to type' }).getAttribute('src')).to.match(/^data:image\/svg\+xml;base64,/);
  });

  it('draws a new picture after a wrong answer, and signs in with the right one', async () => {
    await page.getByLabel('Captcha').fill('wrong');
    const redrawn = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/captcha'));
    expect(await submit(user.password)).to.equal(401);
    await redrawn;
    await page.getByLabel('Captcha').fill(drawn[drawn.length - 1]);
    expect(await submit(user.password)).to.equal(200);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  it('made no request elsewhere and raised no error but the refusals asked for', () => {
    expect(record.pageErrors).to.deep.equal([]);
    expect(record.cspViolations).to.deep.equal([]);
    const origin = new URL(server.url).origin;
    for (const url of record.requests) expect(new URL(url).origin, url).to.equal(origin);
  });
});
