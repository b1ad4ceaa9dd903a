/**
 * The console, measured in Chromium against Atrium in its own process (production mode, 10,000
 * users on a fresh PostgreSQL database, BENCH_USERS):
 *
 * 1. Its weight, from the build: the login page's scripts at most 300 KB gzipped, and no chunk
 *    over 200 KB (the goals).
 * 2. The users page: from a click on "Users" in the side menu (the console already open at its
 *    home page) to 20 rows drawn. Goal: the median within 1 s on a machine as fast as the one it
 *    was set on (HAND_WRITTEN_THEN_MS), in proportion on a slower one. The baseline is a
 *    hand-written page of plain DOM on the same origin that, on a click, fetches the same page of
 *    users with the same token from the same server and draws its 20 rows; the ratio is printed.
 * 3. The same page opened cold (its address typed, everything loaded and read again: scripts,
 *    identity, menus, catalog, list) against the hand-written page opened cold, printed.
 *
 * Each round measures both alternately; the medians of BENCH_ROUNDS rounds are judged.
 *
 *   npm run build:console && npm run bench -- console
 *   BENCH_ROUNDS=3 npm run bench -- console
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/support/browser';
import { startAtrium } from './atrium-process';
import { consoleWeight } from './console-weight';
import { assertGoal } from './goals';
import { BENCH_ADMIN_PASSWORD, fixed, loginBearer, median, postgresDatabase, table } from './support';
import { seed } from './users-list.bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const KB = 1024;
const FIRST_LOAD_GOAL = 300 * KB;
const CHUNK_GOAL = 200 * KB;
const USERS_PAGE_GOAL_MS = 1000;
/**
 * The hand-written page's median on the machine the 1 s was set on (bench/README.md: the console
 * 600 ms, 3.0x it). Where this run draws it slower (a slower machine, or a slower moment of it),
 * the goal grows in proportion, as every other goal here is a ratio to a baseline of the same
 * run; where it is faster, the goal stays 1 s.
 */
const HAND_WRITTEN_THEN_MS = 200;
const HAND_WRITTEN = '/bench/hand-written-users';

/** The hand-written page: a button, one fetch with the console's token, a table of 20 rows. */
const HAND_WRITTEN_HTML = `<!doctype html><html><body><button id="users">Users</button><table><tbody id="rows"></tbody></table><script>
async function show() {
  const { accessToken } = JSON.parse(localStorage.getItem('atrium.session'));
  const res = await fetch('/api/v1/users?page=1&pageSize=20', { headers: { Authorization: 'Bearer ' + accessToken, Accept: 'application/json' } });
  const { data } = await res.json();
  const rows = document.getElementById('rows');
  rows.replaceChildren(...data.items.map((user) => {
    const tr = document.createElement('tr');
    tr.className = 'row';
    for (const value of [user.username, user.nickname, user.email, user.status]) tr.insertCell().textContent = value ?? '';
    return tr;
  }));
}
document.getElementById('users').onclick = show;
if (location.search === '?now') show();
</script></body></html>`;

async function main(): Promise<void> {
  const weight = consoleWeight(path.resolve(__dirname, '../console/dist'));
  console.log(table([['chunk', 'gzipped'], ...weight.chunks.slice(0, 6).map((c) => [`${c.file}${c.firstLoad ? ' (first load)' : ''}`, kb(c.gzipped)])]));
  assertGoal({
    name: `the login page's scripts, gzipped (${weight.firstLoadFiles} files)`,
    figure: kb(weight.firstLoad),
    goal: `<= ${kb(FIRST_LOAD_GOAL)}`,
    met: weight.firstLoad <= FIRST_LOAD_GOAL,
  });
  assertGoal({
    name: `the largest chunk, gzipped`,
    figure: kb(weight.chunks[0].gzipped),
    goal: `<= ${kb(CHUNK_GOAL)}`,
    met: weight.chunks[0].gzipped <= CHUNK_GOAL,
  });

  const database = await postgresDatabase();
  const atrium = await startAtrium({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  const browser = await launchChromium();
  try {
    await seed(atrium.url, await loginBearer(atrium.url, 'admin', BENCH_ADMIN_PASSWORD), database.databaseUrl!);
    const page = await browser.newPage({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    await page.route(`${atrium.url}${HAND_WRITTEN}*`, (route) => route.fulfill({ contentType: 'text/html', body: HAND_WRITTEN_HTML }));
    await signIn(page, atrium.url);

    const rounds: { console: number; handWritten: number; consoleCold: number; handWrittenCold: number }[] = [];
    // One round unmeasured: the first visit compiles the scripts and fills the browser's cache.
    for (let round = 0; round <= ROUNDS; round++) {
      const measured = {
        console: await consoleNavigation(page, atrium.url),
        handWritten: await handWrittenNavigation(page, atrium.url),
        consoleCold: await timed(page, () => page.goto(`${atrium.url}/system/users`), '.ant-table-row'),
        handWrittenCold: await timed(page, () => page.goto(`${atrium.url}${HAND_WRITTEN}?now`), 'tr.row'),
      };
      if (round > 0) rounds.push(measured);
    }
    const medianOf = (key: keyof (typeof rounds)[number]) => median(rounds.map((r) => r[key]));
    console.log(
      table([
        ['round', 'console: menu click', 'hand-written: click', 'console: cold', 'hand-written: cold'],
        ...rounds.map((r, i) => [`#${i + 1}`, ms(r.console), ms(r.handWritten), ms(r.consoleCold), ms(r.handWrittenCold)]),
      ]),
    );
    console.log(
      `medians: console ${ms(medianOf('console'))} after a menu click, ${fixed(medianOf('console') / medianOf('handWritten'), 1)}x the hand-written page's ${ms(medianOf('handWritten'))}; ` +
        `cold ${ms(medianOf('consoleCold'))}, ${fixed(medianOf('consoleCold') / medianOf('handWrittenCold'), 1)}x the hand-written page's ${ms(medianOf('handWrittenCold'))}`,
    );
    const machine = Math.max(1, medianOf('handWritten') / HAND_WRITTEN_THEN_MS);
    const goalMs = USERS_PAGE_GOAL_MS * machine;
    assertGoal({
      name: 'the users page: a click on its menu to 20 rows drawn (median)',
      figure: ms(medianOf('console')),
      goal: `<= ${ms(goalMs)} (1 s where the hand-written page takes ${ms(HAND_WRITTEN_THEN_MS)}; here ${fixed(machine, 2)}x that)`,
      met: medianOf('console') <= goalMs,
    });
  } finally {
    await browser.close();
    await atrium.stop();
    await database.cleanup();
  }
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(BENCH_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
}

/** The console at its home page, menus drawn; then the time from the click on Users to 20 rows. */
async function consoleNavigation(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/`);
  const users = page.locator('.ant-layout-sider .ant-menu-item', { hasText: /^Users$/ });
  await users.waitFor();
  return timed(page, () => users.click(), '.ant-table-row');
}

async function handWrittenNavigation(page: Page, url: string): Promise<number> {
  await page.goto(`${url}${HAND_WRITTEN}`);
  return timed(page, () => page.locator('#users').click(), 'tr.row');
}

/** Milliseconds from `act` to 20 rows matching `rows` on the page. */
async function timed(page: Page, act: () => Promise<unknown>, rows: string): Promise<number> {
  const started = performance.now();
  await act();
  await page.waitForFunction((selector) => document.querySelectorAll(selector).length >= 20, rows, { polling: 'raf' });
  return performance.now() - started;
}

const kb = (bytes: number) => `${fixed(bytes / KB, 1)} KB`;
const ms = (value: number) => `${fixed(value, 0)} ms`;

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
