import { expect } from 'chai';
import type { Response } from 'supertest';
import { ADMIN, type TestServer } from '../support/server';
import { startEchoServer } from './helpers';

describe('HTTP security headers', () => {
  let server: TestServer;
  before(async () => {
    server = await startEchoServer();
  });
  after(() => server.stop());

  function expectHardened(res: Response): void {
    expect(res.headers['x-content-type-options']).to.equal('nosniff');
    expect(res.headers['x-frame-options']).to.equal('SAMEORIGIN');
    expect(res.headers['content-security-policy']).to.include("default-src 'self'").and.include("frame-ancestors 'self'");
    expect(res.headers['strict-transport-security']).to.match(/max-age=\d+/);
    expect(res.headers['referrer-policy']).to.equal('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).to.equal('same-origin');
    expect(res.headers).to.not.have.property('x-powered-by');
  }

  it("sends helmet's headers and no X-Powered-By on a success", async () => {
    expectHardened(await server.http().get('/api/v1/system/health'));
  });

  it('sends them on errors raised before any route (404) and by a handler (500)', async () => {
    expectHardened(await server.http().get('/api/v1/no/such/route'));
    expectHardened(await server.http().get('/api/v1/echo/crash'));
  });

  it('sends them on raw replies (CSV, the API catalog, metrics)', async () => {
    expectHardened(await server.http().get('/api/v1/echo/items.csv').set('Authorization', ADMIN));
    expectHardened(await server.http().get('/v3/api-docs').set('Authorization', ADMIN));
    expectHardened(await server.http().get('/metrics'));
  });
});
