import { expect } from 'chai';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { expectSuccess } from './helpers';

const CONSOLE = 'https://console.example.com';
const DEV = 'http://localhost:5173';
const STRANGER = 'https://evil.example.net';

const corsHeaders = (headers: Record<string, string>) => Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('HTTP: CORS', () => {
  describe('with CORS_ORIGINS', () => {
    let server: TestServer;
    before(async () => {
      // Three requests a minute: preflights must not spend them.
      server = await startTestServer({ env: { NODE_ENV: 'test', CORS_ORIGINS: `${CONSOLE}, ${DEV}`, RATE_LIMIT_POINTS: '3' } });
    });
    after(() => server.stop());

    const preflight = (origin: string, method = 'POST', headers = 'authorization,content-type,idempotency-key,x-request-id,accept-language') =>
      server.http().options('/api/v1/users').set('Origin', origin).set('Access-Control-Request-Method', method).set('Access-Control-Request-Headers', headers);

    it('answers a preflight from a listed origin 204 with the methods and headers the API takes', async () => {
      const res = await preflight(CONSOLE);
      expect(res.status).to.equal(204);
      expect(res.headers['access-control-allow-origin']).to.equal(CONSOLE);
      expect(res.headers['access-control-allow-methods'].split(',')).to.include.members(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
      expect(res.headers['access-control-allow-headers'].toLowerCase().split(',')).to.include.members([
        'authorization',
        'content-type',
        'idempotency-key',
        'x-request-id',
        'accept-language',
      ]);
      expect(res.headers['access-control-max-age']).to.equal('600');
      expect(res.headers).not.to.have.property('access-control-allow-credentials');
      expect(res.headers.vary).to.match(/Origin/);
    });

    it('lets a page on a listed origin read the answer and its trace, retry and rate-limit headers', async () => {
      const res = await server.http().get('/api/v1/users').set('Origin', DEV).set('Authorization', ADMIN);
      expectSuccess(res);
      expect(res.headers['access-control-allow-origin']).to.equal(DEV);
      expect(res.headers['access-control-expose-headers'].split(',')).to.include.members(['X-Request-Id', 'Retry-After', 'RateLimit', 'RateLimit-Remaining']);
      expect(res.headers.vary).to.match(/Origin/);
    });

    it('gives an origin not on the list no CORS header, on a preflight as on a request', async () => {
      expect(corsHeaders((await preflight(STRANGER)).headers)).to.deep.equal([]);
      const res = await server.http().get('/api/v1/system/health').set('Origin', STRANGER);
      expect(res.status).to.equal(200);
      expect(corsHeaders(res.headers)).to.deep.equal([]);
      expect(res.headers.vary).to.match(/Origin/);
      // An origin is matched whole: a suffix or another scheme is another origin.
      expect(corsHeaders((await preflight(`${CONSOLE}.evil.example.net`)).headers)).to.deep.equal([]);
      expect(corsHeaders((await preflight(CONSOLE.replace('https', 'http'))).headers)).to.deep.equal([]);
    });

    it('never rate-limits or authenticates a preflight: ten in a row past a limit of three are all 204', async () => {
      for (let i = 0; i < 10; i++) {
        const res = await preflight(CONSOLE, 'DELETE', 'authorization');
        expect(res.status, `preflight ${i + 1}`).to.equal(204);
      }
    });
  });

  describe('without CORS_ORIGINS (the default)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer();
    });
    after(() => server.stop());

    it('sends no CORS header to any origin', async () => {
      const res = await server.http().get('/api/v1/system/health').set('Origin', CONSOLE);
      expect(res.status).to.equal(200);
      expect(corsHeaders(res.headers)).to.deep.equal([]);
      const preflight = await server.http().options('/api/v1/users').set('Origin', CONSOLE).set('Access-Control-Request-Method', 'POST');
      expect(corsHeaders(preflight.headers)).to.deep.equal([]);
    });
  });
});
