import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server';
import { expectError } from '../http/helpers';

/** The interactive reference at /docs: served whole by this server, under a strict policy. */
describe('the API reference at /docs', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  const scriptPolicy = (csp: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src'));

  it('serves a page that loads every file from this server, with no inline script', async () => {
    const page = await server.http().get('/docs').expect(200);
    expect(page.headers['content-type']).to.match(/^text\/html/);
    expect(page.text).to.not.match(/https?:\/\//);
    expect(page.text).to.not.match(/<script>[^<]/);
    const urls = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls).to.include.members(['/docs/swagger-ui-bundle.js', '/docs/initializer.js', '/docs/swagger-ui.css']);
    for (const url of urls) {
      expect(url.startsWith('/docs/'), url).to.equal(true);
      const asset = await server
        .http()
        .get(url)
        .buffer(true)
        .parse((res, done) => {
          res.on('data', () => undefined);
          res.on('end', () => done(null, null));
        });
      expect(asset.status, url).to.equal(200);
    }
  });

  it('points Swagger UI at the live catalog', async () => {
    const initializer = await server.http().get('/docs/initializer.js').expect(200);
    expect(initializer.headers['content-type']).to.match(/^text\/javascript/);
    expect(initializer.text).to.include("url: '/v3/api-docs'");
  });

  it('sends a Content-Security-Policy that allows the page without inline scripts or other origins', async () => {
    const csp = (await server.http().get('/docs').expect(200)).headers['content-security-policy'] as string;
    expect(scriptPolicy(csp)).to.equal("script-src 'self'");
    expect(csp).to.include("connect-src 'self'");
    expect(csp).to.not.match(/https?:/);
  });

  it('serves only the files the page loads: any other name is 400', async () => {
    expectError(await server.http().get('/docs/package.json'), 400, 'VALIDATION_FAILED_400');
    expectError(await server.http().get('/docs/..%2Fmanifest.json'), 400, 'VALIDATION_FAILED_400');
  });
});
