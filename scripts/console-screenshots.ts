/**
 * `npm run screenshots`: the console's main pages, photographed in Chromium against a server on
 * a fresh embedded database with a small organisation, into docs/screenshots/. Run it after a
 * change to the console's look (the console must be built: `npm run build:console`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/support/browser';
import { ADMIN_PASSWORD } from '../test/support/identity';
import { ADMIN, startTestServer, type TestServer } from '../test/support/server';

const OUT = path.resolve(__dirname, '../docs/screenshots');

/** Each page: its file name, its path in the console, and what to wait for before the picture. */
const PAGES: { name: string; path: string; ready: string }[] = [
  { name: 'users', path: '/system/users', ready: '.ant-table-row' },
  { name: 'departments', path: '/system/departments', ready: '.ant-tree-treenode:not([aria-hidden])' },
  { name: 'roles', path: '/system/roles', ready: '.ant-table-row' },
  { name: 'menus', path: '/system/menus', ready: '.ant-table-row' },
  { name: 'modules', path: '/system/modules', ready: '.ant-table-row' },
  { name: 'dictionaries', path: '/system/dictionaries', ready: '.ant-table-row' },
  { name: 'params', path: '/system/params', ready: '.ant-table-row' },
  { name: 'login-log', path: '/system/audit/logins', ready: '.ant-table-row' },
  { name: 'tasks', path: '/system/tasks', ready: '.ant-table' },
  { name: 'assets', path: '/system/assets', ready: '.ant-upload' },
  { name: 'generator', path: '/tool/generator', ready: '.ant-card' },
  { name: 'tenants', path: '/system/tenants', ready: '.ant-table-row' },
  { name: 'posts', path: '/system/posts', ready: '.ant-table-row' },
  { name: 'sso-providers', path: '/system/sso-providers', ready: '.ant-table-row' },
  { name: 'monitor-server', path: '/monitor/server', ready: '.ant-card .ant-progress' },
  { name: 'monitor-caches', path: '/monitor/caches', ready: '.ant-table-row' },
];

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startTestServer();
  const browser = await launchChromium();
  try {
    await seed(server);
    const page = await browser.newPage({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').waitFor();
    await shoot(page, 'login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    for (const { name, path: at, ready } of PAGES) {
      await page.goto(`${server.url}${at}`);
      await page
        .locator(ready)
        .first()
        .waitFor()
        .catch(async (error: unknown) => {
          await page.screenshot({ path: path.join(os.tmpdir(), `atrium-${name}-not-ready.png`) });
          throw error;
        });
      await shoot(page, name);
    }
    await page.getByRole('switch', { name: 'Dark theme' }).click();
    await page.goto(`${server.url}/system/users`);
    await page.locator('.ant-table-row').first().waitFor();
    await shoot(page, 'users-dark');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await page.locator('.ant-table-row').first().waitFor();
    await shoot(page, 'users-narrow');
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  // Ant Design's transitions (menus, drawers) settle within a few frames.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`docs/screenshots/${name}.png`);
}

/** A small organisation, so that the pages have something to show. */
async function seed(server: TestServer): Promise<void> {
  const post = async (url: string, body: object) => {
    const res = await server.http().post(`/api/v1${url}`).set('Authorization', ADMIN).send(body);
    if (res.status !== 201) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data as { id: string };
  };
  const head = await post('/departments', { name: 'Head office' });
  const sales = await post('/departments', { name: 'Sales', parentId: head.id });
  const engineering = await post('/departments', { name: 'Engineering', parentId: head.id });
  await post('/departments', { name: 'Sales North', parentId: sales.id });
  const manager = await post('/posts', { code: 'manager', name: 'Manager' });
  await post('/posts', { code: 'engineer', name: 'Engineer' });
  const viewer = await post('/roles', { code: 'viewer', name: 'Viewer', permissions: ['system:user:list', 'system:dept:list'] });
  const people = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth'];
  for (const [i, name] of people.entries()) {
    const username = name.split(' ')[1].toLowerCase();
    await post('/users', {
      username,
      nickname: name,
      email: `${username}@example.com`,
      password: 'screenshot-passphrase-1',
      deptId: i % 2 === 0 ? sales.id : engineering.id,
      roleIds: [viewer.id],
      postIds: i === 0 ? [manager.id] : [],
    });
  }
  await post('/dictionaries', { code: 'sys_gender', name: 'Gender' });
  for (const [sort, [value, label]] of [
    ['male', 'Male'],
    ['female', 'Female'],
    ['unknown', 'Not said'],
  ].entries()) {
    await post('/dictionaries/sys_gender/items', { value, label, sort });
  }
  await post('/dictionaries', { code: 'order_status', name: 'Order status' });
  await post('/sso/providers', {
    name: 'corp',
    displayName: 'Corporate account',
    issuer: 'https://login.example.com',
    clientId: 'atrium',
    clientSecret: 'screenshot-client-secret',
    jit: true,
    defaultRoleId: viewer.id,
  });
  await post('/tenants', { code: 'acme', name: 'Acme Ltd', admin: { username: 'boss', password: 'acme-boss-passphrase-1' } });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
