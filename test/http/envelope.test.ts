import { expect } from 'chai';
import type { Response } from 'supertest';
import { ADMIN, tokenFor, type TestServer } from '../support/server';
import { abandon } from './abandon';
import { detailFor, expectError, expectSuccess, requestLine, startEchoServer } from './helpers';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describe('HTTP envelope and tracing', () => {
  let server: TestServer;
  before(async () => {
    server = await startEchoServer({ captureLogs: true, config: { jsonBodyLimitBytes: 1024 } });
  });
  after(() => server.stop());

  describe('the envelope', () => {
    it('answers success as { code: "0", message, data, traceId }', async () => {
      const body = expectSuccess(await server.http().get('/api/v1/system/health'));
      expect(body.data).to.deep.equal({ status: 'up' });
      expect(body.message).to.equal('OK');
    });

    it('answers a create with 201 and the resource in data', async () => {
      const item = { name: 'apple', count: 1, owner: { id: 'u1' } };
      const body = expectSuccess(await server.http().post('/api/v1/echo/items').set('Authorization', ADMIN).send(item), 201);
      expect(body.data).to.deep.equal(item);
    });

    const errors: [string, number, string, (s: TestServer) => Promise<Response>][] = [
      ['400', 400, 'VALIDATION_FAILED_400', (s) => s.http().get('/api/v1/echo/items?pageSize=0').set('Authorization', ADMIN)],
      ['401', 401, 'AUTH_TOKEN_MISSING_401', (s) => s.http().get('/api/v1/echo/items')],
      ['403', 403, 'PERM_DENIED_403', (s) => s.http().get('/api/v1/echo/items').set('Authorization', tokenFor('eve', []))],
      ['404', 404, 'SYSTEM_NOT_FOUND_404', (s) => s.http().get('/api/v1/no/such/route')],
      ['409', 409, 'ECHO_ITEM_RESERVED_409', (s) => s.http().post('/api/v1/echo/items/item-01/reserve').set('Authorization', ADMIN)],
      [
        '413',
        413,
        'SYSTEM_PAYLOAD_TOO_LARGE_413',
        (s) =>
          s
            .http()
            .post('/api/v1/echo/log')
            .send({ message: 'x'.repeat(4096) }),
      ],
      ['500', 500, 'SYSTEM_INTERNAL_ERROR_500', (s) => s.http().get('/api/v1/echo/crash')],
    ];
    for (const [label, status, code, send] of errors) {
      it(`answers ${label} as { code, message, details[], traceId } with code ${code}`, async () => {
        expectError(await send(server), status, code);
      });
    }

    it('answers a catalogued module error with its details as thrown', async () => {
      const body = expectError(await server.http().post('/api/v1/echo/items/item-01/reserve').set('Authorization', ADMIN), 409, 'ECHO_ITEM_RESERVED_409');
      expect(body.message).to.equal('The item is already reserved.');
      expect(body.details).to.deep.equal([{ field: '/params/id', rule: 'reserved', message: '"item-01" is reserved' }]);
    });

    it('answers a raw reply as the handler wrote it, without the envelope', async () => {
      const res = await server.http().get('/api/v1/echo/items.csv').set('Authorization', ADMIN);
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).to.equal('attachment; filename="items.csv"');
      expect(res.text.split('\n')[0]).to.equal('id,name');
    });
  });

  describe('unknown routes', () => {
    it('answers 404 SYSTEM_NOT_FOUND_404 for an unknown path under /api/v1', async () => {
      const body = expectError(await server.http().get('/api/v1/echo/nothing-here'), 404, 'SYSTEM_NOT_FOUND_404');
      expect(body.details[0].message).to.equal('GET /api/v1/echo/nothing-here');
    });

    it('answers 404 SYSTEM_NOT_FOUND_404 for an unknown path outside /api/v1', async () => {
      expectError(await server.http().get('/favicon.ico'), 404, 'SYSTEM_NOT_FOUND_404');
    });

    // Decided: a method a path does not declare is "no such endpoint", like an unknown path;
    // the catalogue has no 405 and clients learn the methods from /v3/api-docs.
    it('answers 404 SYSTEM_NOT_FOUND_404 for a method the path does not declare', async () => {
      expectError(await server.http().delete('/api/v1/system/health'), 404, 'SYSTEM_NOT_FOUND_404');
      expectError(await server.http().put('/api/v1/echo/items').set('Authorization', ADMIN).send({}), 404, 'SYSTEM_NOT_FOUND_404');
    });

    it('answers 404 SYSTEM_NOT_FOUND_404 for a known path spelt in another case', async () => {
      expectError(await server.http().get('/API/V1/echo/ping'), 404, 'SYSTEM_NOT_FOUND_404');
      expectError(await server.http().get('/api/v1/ECHO/ping'), 404, 'SYSTEM_NOT_FOUND_404');
    });

    it('answers OPTIONS on a known path with the 404 envelope, not a bare Allow list', async () => {
      expectError(await server.http().options('/api/v1/system/health'), 404, 'SYSTEM_NOT_FOUND_404');
      expectError(await server.http().options('/v3/api-docs'), 404, 'SYSTEM_NOT_FOUND_404');
    });

    it('answers 400 VALIDATION_FAILED_400 naming the parameter when a path segment is not valid percent-encoding', async () => {
      const body = expectError(await server.http().get('/api/v1/echo/items/%E0%A4%A').set('Authorization', ADMIN), 400, 'VALIDATION_FAILED_400');
      expect(body.details).to.have.length(1);
    });
  });

  describe('unexpected errors', () => {
    it('answers 500 SYSTEM_INTERNAL_ERROR_500 without stack, SQL or the error message', async () => {
      const res = await server.http().get('/api/v1/echo/crash');
      const body = expectError(res, 500, 'SYSTEM_INTERNAL_ERROR_500');
      expect(body.message).to.equal('An unexpected error occurred.');
      expect(body.details).to.deep.equal([]);
      for (const leak of ['insert into', 'users_username_unique', 'password_hash', 'duplicate key', 'Error:', 'at ', '.ts:']) {
        expect(res.text).to.not.include(leak);
      }
    });

    it('logs the unexpected error whole, stack and message, under the request traceId', async () => {
      const res = await server.http().get('/api/v1/echo/crash');
      const { traceId } = expectError(res, 500, 'SYSTEM_INTERNAL_ERROR_500');
      await requestLine(server, traceId);
      const line = server.logs.find((l) => l.traceId === traceId && l.level === 50);
      expect(line, 'an error line with the traceId').to.not.equal(undefined);
      const err = line!.err as { message: string; stack: string };
      expect(err.message).to.include('users_username_unique');
      expect(err.stack).to.include('echo.routes.ts');
    });
  });

  describe('trace ids', () => {
    it('gives each request its own 32-hex traceId', async () => {
      const a = expectSuccess(await server.http().get('/api/v1/system/health'));
      const b = expectSuccess(await server.http().get('/api/v1/system/health'));
      expect(a.traceId).to.match(/^[0-9a-f]{32}$/);
      expect(b.traceId).to.match(/^[0-9a-f]{32}$/);
      expect(a.traceId).to.not.equal(b.traceId);
    });

    it('takes the traceId from a W3C traceparent header', async () => {
      const ok = expectSuccess(await server.http().get('/api/v1/system/health').set('traceparent', TRACEPARENT));
      expect(ok.traceId).to.equal(TRACE_ID);
      const failed = expectError(await server.http().get('/api/v1/echo/crash').set('traceparent', TRACEPARENT), 500, 'SYSTEM_INTERNAL_ERROR_500');
      expect(failed.traceId).to.equal(TRACE_ID);
    });

    it('takes the trace-id of a later traceparent version that appends fields', async () => {
      const body = expectSuccess(await server.http().get('/api/v1/system/health').set('traceparent', `01-${TRACE_ID}-00f067aa0ba902b7-01-future`));
      expect(body.traceId).to.equal(TRACE_ID);
    });

    it('ignores an invalid traceparent and makes a new traceId', async () => {
      const invalid = [
        'garbage',
        `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
        `00-${TRACE_ID}-${'0'.repeat(16)}-01`,
        `00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`,
        `ff-${TRACE_ID}-00f067aa0ba902b7-01`,
        `00-${TRACE_ID}-00f067aa0ba902b7-01-extra`,
      ];
      for (const header of invalid) {
        const body = expectSuccess(await server.http().get('/api/v1/system/health').set('traceparent', header));
        expect(body.traceId).to.match(/^[0-9a-f]{32}$/);
        expect(body.traceId).to.not.equal(TRACE_ID);
      }
    });

    it("writes the traceId into every log line of the request, the handler's own included", async () => {
      const before = server.logs.length;
      const res = await server.http().post('/api/v1/echo/log').send({ message: 'hello' });
      const { traceId } = expectSuccess(res) as { traceId: string };
      await requestLine(server, traceId);
      const lines = server.logs.slice(before);
      expect(lines.map((l) => l.msg)).to.include.members(['echo handler received a message', 'request']);
      for (const line of lines) expect(line.traceId, JSON.stringify(line)).to.equal(traceId);
      const handlerLine = lines.find((l) => l.msg === 'echo handler received a message')!;
      expect(handlerLine.module).to.equal('test-echo');
    });

    it('logs a request the client abandoned, as status 499 marked aborted', async () => {
      const traceparent = `00-${'a'.repeat(32)}-00f067aa0ba902b7-01`;
      await abandon(server.url, '/api/v1/echo/items', { traceparent });
      const line = await requestLine(server, 'a'.repeat(32));
      expect(line).to.include({ method: 'POST', route: '/api/v1/echo/items', status: 499, aborted: true });
    });

    it('logs the request with method, matched route template, status and duration', async () => {
      const { traceId } = expectSuccess(await server.http().get('/api/v1/echo/items/item-02').set('Authorization', ADMIN)) as { traceId: string };
      const line = await requestLine(server, traceId);
      expect(line).to.include({ method: 'GET', route: '/api/v1/echo/items/{id}', status: 200, url: '/api/v1/echo/items/item-02', userId: 'user-admin' });
      expect(line.durationMs).to.be.a('number');
    });
  });

  describe('X-Request-Id', () => {
    it('echoes X-Request-Id back in the response header', async () => {
      const res = await server.http().get('/api/v1/system/health').set('X-Request-Id', 'client-req-42');
      expect(res.headers['x-request-id']).to.equal('client-req-42');
    });

    it('echoes X-Request-Id on error responses too', async () => {
      const res = await server.http().get('/api/v1/no/such/route').set('X-Request-Id', 'client-req-43');
      expectError(res, 404, 'SYSTEM_NOT_FOUND_404');
      expect(res.headers['x-request-id']).to.equal('client-req-43');
    });

    it('does not echo an X-Request-Id that is not safe to send back as a header', async () => {
      const res = await server.http().get('/api/v1/system/health').set('X-Request-Id', 'has spaces in it');
      expect(res.headers).to.not.have.property('x-request-id');
    });

    it('keeps the client X-Request-Id beside the traceId in the request log line', async () => {
      const res = await server.http().get('/api/v1/system/health').set('X-Request-Id', 'client-req-44');
      const { traceId } = expectSuccess(res) as { traceId: string };
      expect((await requestLine(server, traceId)).requestId).to.equal('client-req-44');
    });
  });

  it('names the field a detail is about as a JSON pointer', async () => {
    const body = expectError(await server.http().get('/api/v1/echo/items?pageSize=0').set('Authorization', ADMIN), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(body, '/query/pageSize').rule).to.equal('minimum');
  });
});

describe('HTTP envelope when rate limited', () => {
  let server: TestServer;
  before(async () => {
    server = await startEchoServer({ config: { rateLimit: { points: 1, windowSeconds: 60 } } });
  });
  after(() => server.stop());

  it('answers 429 as { code, message, details[], traceId } with code SYSTEM_RATE_LIMITED_429', async () => {
    expectSuccess(await server.http().get('/api/v1/echo/ping'));
    const res = await server.http().get('/api/v1/echo/ping').set('X-Request-Id', 'limited-1').set('traceparent', TRACEPARENT);
    const body = expectError(res, 429, 'SYSTEM_RATE_LIMITED_429');
    expect(body.traceId).to.equal(TRACE_ID);
    expect(res.headers['x-request-id']).to.equal('limited-1');
  });
});
