import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONSOLE_CONTENT_SECURITY_POLICY } from '../../kernel/http/console-static';
import { startTestServer, type TestServer } from '../support/server';

/** A built console as Vite lays one out: index.html and hashed files under assets/. */
function fakeConsole(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-console-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title><script type="module" src="/assets/index-Ab12Cd.js"></script>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd.js'), 'console.log("console");');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/**
 * The kernel serves the built console at `/` from CONSOLE_DIR: its files, and its page for any
 * other GET outside the kernel's own paths, which keep answering as they did.
 */
describe('the console served by the kernel', () => {
  let server: TestServer;
  let dir: string;
  /** What a browser sends when it navigates to an address. */
  const navigate = (url: string) => server.http().get(url).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');

  before(async () => {
    dir = fakeConsole();
    server = await startTestServer({ config: { consoleDir: dir } });
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers its page to a browser at / and at any console route, never cached, under the console’s CSP', async () => {
    for (const url of ['/', '/system/posts', '/system/posts/edit/0190-x']) {
      const res = await navigate(url);
      expect(res.status, url).to.equal(200);
      expect(res.headers['content-type']).to.match(/^text\/html/);
      expect(res.text).to.include('<title>console</title>');
      expect(res.headers['cache-control']).to.equal('no-cache');
      expect(res.headers['content-security-policy']).to.equal(CONSOLE_CONTENT_SECURITY_POLICY);
    }
  });

  it('allows scripts from this server only and styles inline (Ant Design writes its styles at run time)', () => {
    const directives = Object.fromEntries(CONSOLE_CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).to.deep.equal(["'self'"]);
    expect(directives['style-src']).to.deep.equal(["'self'", "'unsafe-inline'"]);
    expect(directives['connect-src']).to.deep.equal(["'self'"]);
  });

  it('serves hashed assets cached for a year, other files revalidated', async () => {
    const asset = await server.http().get('/assets/index-Ab12Cd.js');
    expect(asset.status).to.equal(200);
    expect(asset.headers['content-type']).to.match(/javascript/);
    expect(asset.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    const icon = await server.http().get('/favicon.svg');
    expect(icon.headers['cache-control']).to.equal('no-cache');
  });

  it('answers a missing asset 404, not the page (a browser must not run HTML as a script)', async () => {
    const res = await navigate('/assets/index-gone.js');
    expect(res.status).to.equal(404);
    expect(res.body.code).to.equal('SYSTEM_NOT_FOUND_404');
  });

  it('answers a client that does not ask for HTML the 404 envelope for an unknown path', async () => {
    for (const accept of [undefined, 'application/json', '*/*']) {
      const request = server.http().get('/system/posts');
      const res = await (accept ? request.set('Accept', accept) : request);
      expect(res.status, String(accept)).to.equal(404);
      expect(res.body.code, String(accept)).to.equal('SYSTEM_NOT_FOUND_404');
    }
  });

  it('leaves the kernel’s paths to the kernel: an unknown API path is the 404 envelope, the catalog and the reference still answer', async () => {
    for (const url of ['/api/v1/nothing-here', '/v3/nothing', '/schemas/nothing']) {
      const res = await navigate(url);
      expect(res.status, url).to.equal(404);
      expect(res.body.code, url).to.equal('SYSTEM_NOT_FOUND_404');
    }
    expect((await server.http().get('/v3/api-docs')).body.openapi).to.match(/^3\.1/);
    expect((await navigate('/docs')).text).to.not.include('<title>console</title>');
    expect((await server.http().get('/api/v1/system/health')).body.data.status).to.equal('up');
  });

  it('answers only GET and HEAD: another method on a console path is the 404 envelope', async () => {
    const res = await server.http().post('/system/posts').set('Accept', 'text/html').send({});
    expect(res.status).to.equal(404);
    expect(res.body.code).to.equal('SYSTEM_NOT_FOUND_404');
  });

  it('does not serve outside its folder', async () => {
    const res = await navigate('/assets/..%2f..%2fetc%2fpasswd');
    expect(res.text).to.not.include('root:');
  });
});

describe('the kernel without a built console', () => {
  let server: TestServer;
  let empty: string;

  before(async () => {
    empty = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-no-console-'));
    server = await startTestServer({ config: { consoleDir: empty }, captureLogs: true });
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(empty, { recursive: true, force: true });
  });

  it('serves the API alone, says so once in its log, and answers / with the 404 envelope', async () => {
    expect((await server.http().get('/api/v1/system/health')).status).to.equal(200);
    const res = await server.http().get('/').set('Accept', 'text/html');
    expect(res.status).to.equal(404);
    expect(res.body.code).to.equal('SYSTEM_NOT_FOUND_404');
    expect(server.logs.filter((line) => line.consoleDir === empty)).to.have.length(1);
  });
});
