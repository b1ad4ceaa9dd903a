/**
 * A real browser for tests: Debian's chromium, driven by playwright-core. Playwright never
 * downloads a browser here; the one the system package installs is used, or the tests skip.
 */
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Why browser tests skip on a machine without chromium (CI always has it). */
export const NO_CHROMIUM = `${CHROMIUM} is missing: browser tests skipped (install it with \`apt-get install chromium\`)`;

export function chromiumIsInstalled(): boolean {
  return fs.existsSync(CHROMIUM);
}

/**
 * Launches headless chromium, or skips the suite (call it from `before`) when it is not
 * installed. Each launch gets a fresh profile (playwright makes a new user-data-dir and removes
 * it on close), and everything that would reach another origin on its own — updates, sync,
 * background fetches — is off, so that every request a test sees comes from the page.
 */
export async function launchBrowser(context: Mocha.Context): Promise<Browser> {
  if (!chromiumIsInstalled()) {
    console.warn(NO_CHROMIUM);
    context.skip();
  }
  return launchChromium();
}

/** Headless chromium with everything that would reach another origin on its own turned off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/** What a page reported while a test used it: every request, console error, uncaught error and CSP violation. */
export interface PageRecord {
  requests: string[];
  consoleErrors: string[];
  pageErrors: string[];
  cspViolations: string[];
}

/**
 * Records what `page` does from now on. CSP violations are reported by the page itself (a
 * `securitypolicyviolation` listener added before any script of the page runs), since the
 * browser's console message about them is not the only sign.
 */
export async function recordPage(page: Page): Promise<PageRecord> {
  const record: PageRecord = { requests: [], consoleErrors: [], pageErrors: [], cspViolations: [] };
  page.on('request', (request) => record.requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') record.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => record.pageErrors.push(error.message));
  await page.exposeFunction('reportCspViolation', (violation: string) => record.cspViolations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return record;
}

/** The connections a page's responses came on, as Chromium numbers them. */
export interface ConnectionLog {
  /** The connection of the first response for `url` that arrives from now on. */
  next(url: string): Promise<number>;
}

/**
 * Follows which connection each response of `page` arrived on (Chromium's DevTools protocol:
 * playwright does not tell). Two responses on one connection show the server kept it open
 * between them.
 */
export async function recordConnections(context: BrowserContext, page: Page): Promise<ConnectionLog> {
  const waiting = new Map<string, ((connection: number) => void)[]>();
  const session = await context.newCDPSession(page);
  session.on('Network.responseReceived', ({ response }) => {
    const waiters = waiting.get(response.url) ?? [];
    waiting.delete(response.url);
    for (const resolve of waiters) resolve(response.connectionId);
  });
  await session.send('Network.enable');
  return {
    next: (url) => new Promise((resolve) => waiting.set(url, [...(waiting.get(url) ?? []), resolve])),
  };
}
