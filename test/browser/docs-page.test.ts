import { expect } from 'chai';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, recordPage, type PageRecord } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The API reference at /docs as a browser shows it: Swagger UI draws the live catalog from this
 * server alone, within the page's Content-Security-Policy, and can call the API from the page.
 */
describe('browser: the API reference at /docs', () => {
  let browser: Browser;
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let record: PageRecord;

  before(async function () {
    browser = await launchBrowser(this);
    server = await startTestServer();
    context = await browser.newContext();
    page = await context.newPage();
    record = await recordPage(page);
    await page.goto(`${server.url}/docs`);
    // Swagger UI has drawn the catalog once the first operation is on the page.
    await page.locator('.opblock').first().waitFor();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * Swagger UI draws a catalog of 150 tags and operations or more virtualised (only what is near
   * the viewport is in the page): scrolls down until `locator` is drawn.
   */
  const scrolledTo = async (locator: Locator) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    for (let step = 0; step < 200 && (await locator.count()) === 0; step++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(30);
    }
    await locator.first().waitFor();
    return locator;
  };
  const operationAt = (path: string) => page.locator('.opblock', { has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });

  it('draws the operations of several modules under their tags', async () => {
    for (const tag of ['auth', 'users', 'roles', 'system']) {
      expect(await (await scrolledTo(page.locator(`.opblock-tag[data-tag="${tag}"]`))).count(), `tag ${tag}`).to.equal(1);
    }
    for (const path of ['/api/v1/auth/login', '/api/v1/users', '/api/v1/system/health']) {
      expect(await (await scrolledTo(operationAt(path))).count(), path).to.be.at.least(1);
    }
  });

  it('calls GET /api/v1/system/health with "Try it out" and shows the 200', async () => {
    // A deep link (the page has deepLinking on) opens the operation and scrolls to it, however
    // long the catalog: it names the tag and the operation id. Swagger UI reads it on load, and
    // a change of the hash alone does not load the page again: hence the reload.
    await page.goto(`${server.url}/docs#/system/system.getSystemHealth`);
    await page.reload();
    const operation = page.locator('.opblock-get.is-open', { has: page.locator('.opblock-summary-path[data-path="/api/v1/system/health"]') });
    await operation.waitFor();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    const response = operation.locator('.live-responses-table tr.response');
    await response.waitFor();
    expect((await response.locator('.response-col_status').textContent())?.trim()).to.equal('200');
    expect(await response.locator('.response-col_description').textContent()).to.include('"status": "up"');
  });

  it('made every request to this server, with no console error, uncaught error or CSP violation', () => {
    const origin = new URL(server.url).origin;
    expect(record.requests).to.include.members([`${origin}/docs`, `${origin}/docs/swagger-ui-bundle.js`, `${origin}/v3/api-docs`]);
    for (const url of record.requests) expect(new URL(url).origin, url).to.equal(origin);
    const { consoleErrors, pageErrors, cspViolations } = record;
    expect({ consoleErrors, pageErrors, cspViolations }).to.deep.equal({ consoleErrors: [], pageErrors: [], cspViolations: [] });
  });
});
