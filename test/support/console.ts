/**
 * What every console test in a browser starts from: Chromium, the real server and one English
 * page recorded from its first request, and the steps and locators the tests share.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, recordPage, type PageRecord } from './browser';
import { startTestServer, type TestServer } from './server';

export interface ConsoleHarness {
  browser: Browser;
  server: TestServer;
  page: Page;
  record: PageRecord;
  /** Opens the console, waits to be sent to the login page, and signs in. */
  signIn(username: string, password: string): Promise<void>;
  /** The side menu's pages. */
  sideMenu(): Locator;
  /** A form's input by its field's name (Ant Design's Form gives it that id). */
  field(name: string): Locator;
  /** The table rows that contain `text`. */
  row(text: string): Locator;
  /** Clicks OK in the open confirmation, and waits for it to close. */
  confirm(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the harness from a suite's `before` (skipping the suite where Chromium is missing).
 * `prepare` runs on the server before the page opens, for suites that need data first.
 */
export async function openConsole(context: Mocha.Context, prepare?: (server: TestServer) => Promise<void>): Promise<ConsoleHarness> {
  const browser = await launchBrowser(context);
  const server = await startTestServer();
  await prepare?.(server);
  // English whatever the machine's locale: a language test switches on purpose. No transitions:
  // a click lands where the element is drawn, not where it is on its way to.
  const page = await browser.newPage({ locale: 'en-US', reducedMotion: 'reduce' });
  const record = await recordPage(page);
  return {
    browser,
    server,
    page,
    record,
    async signIn(username, password) {
      await page.goto(`${server.url}/`);
      await page.waitForURL(/\/login(\?|$)/);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    },
    sideMenu: () => page.locator('.ant-layout-sider .ant-menu-item'),
    field: (name) => page.locator(`form #${name}`),
    row: (text) => page.locator('.ant-table-row', { hasText: text }),
    async confirm() {
      // A popover realigns (it can flip from above its button to below) when the page under it
      // moved since it opened, as when a list read again lands; if that happens between the
      // mouse's down and up, the click reaches no button and the confirmation stays open. Such
      // a click did nothing, so it is made again; one that reached OK closes the confirmation.
      const open = page.locator('.ant-popconfirm:not(.ant-popover-hidden):not([class*="-leave"])');
      for (let attempt = 1; ; attempt++) {
        await open.getByRole('button', { name: 'OK' }).click();
        const closed = await open.waitFor({ state: 'detached', timeout: 3000 }).then(
          () => true,
          (error: unknown) => (attempt < 3 ? false : Promise.reject(error)),
        );
        if (closed) return;
      }
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
