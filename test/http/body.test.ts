import http from 'node:http';
import { expect } from 'chai';
import { JSON_LIMITS } from '../../kernel/http/json-limits';
import { ADMIN, type TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess, startEchoServer } from './helpers';

const LIMIT = 2048;
const VALID = { name: 'apple', count: 3, owner: { id: 'u-1', contact: { email: 'a@example.com' } }, tags: ['red'] };

describe('HTTP request bodies', () => {
  let server: TestServer;
  before(async () => {
    server = await startEchoServer({ config: { jsonBodyLimitBytes: LIMIT } });
  });
  after(() => server.stop());

  const post = (body: string | object, contentType = 'application/json') =>
    server.http().post('/api/v1/echo/items').set('Authorization', ADMIN).set('Content-Type', contentType).send(body);

  it('accepts a body that matches the route schema and hands it to the handler as sent', async () => {
    expect(expectSuccess(await post(VALID), 201).data).to.deep.equal(VALID);
  });

  it('accepts a structured-syntax JSON type (application/merge-patch+json)', async () => {
    expectSuccess(await post(JSON.stringify(VALID), 'application/merge-patch+json'), 201);
  });

  it('answers 400 VALIDATION_MALFORMED_BODY_400 for malformed JSON', async () => {
    const body = expectError(await post('{"name": "apple",'), 400, 'VALIDATION_MALFORMED_BODY_400');
    expect(detailFor(body, '/body').rule).to.equal('json');
  });

  it('answers 400 VALIDATION_MALFORMED_BODY_400 for a bare JSON scalar (strict JSON bodies are objects or arrays)', async () => {
    expectError(await post('"apple"'), 400, 'VALIDATION_MALFORMED_BODY_400');
  });

  it(`answers 413 SYSTEM_PAYLOAD_TOO_LARGE_413 for a body over jsonBodyLimitBytes (${LIMIT})`, async () => {
    const body = expectError(await post({ ...VALID, name: 'x'.repeat(LIMIT) }), 413, 'SYSTEM_PAYLOAD_TOO_LARGE_413');
    expect(detailFor(body, '/body').rule).to.equal('maxBytes');
  });

  it('answers 413 SYSTEM_PAYLOAD_TOO_LARGE_413 for a chunked body that grows over the limit', async () => {
    const { status, body } = await chunkedPost(server.url, '/api/v1/echo/items', ['{"name":"', 'x'.repeat(LIMIT), '"}']);
    expect(status).to.equal(413);
    expect(JSON.parse(body)).to.include({ code: 'SYSTEM_PAYLOAD_TOO_LARGE_413' });
  });

  it('answers 400 VALIDATION_FAILED_400 with /body/<prop> rule additionalProperties for an unknown top-level property', async () => {
    const body = expectError(await post({ ...VALID, roleIds: ['admin'] }), 400, 'VALIDATION_FAILED_400');
    expect(body.details).to.deep.equal([{ field: '/body/roleIds', rule: 'additionalProperties', message: 'is not an accepted property' }]);
  });

  it('answers 400 VALIDATION_FAILED_400 with /body/owner/<prop> rule additionalProperties for an unknown nested property', async () => {
    const body = expectError(await post({ ...VALID, owner: { id: 'u-1', admin: true } }), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(body, '/body/owner/admin').rule).to.equal('additionalProperties');
  });

  it('answers 400 VALIDATION_FAILED_400 for an unknown property two objects deep', async () => {
    const body = expectError(await post({ ...VALID, owner: { id: 'u-1', contact: { email: 'a@example.com', phone: '1' } } }), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(body, '/body/owner/contact/phone').rule).to.equal('additionalProperties');
  });

  it('refuses a __proto__ key as an unknown property', async () => {
    const body = expectError(await post('{"name":"a","count":1,"owner":{"id":"u"},"__proto__":{"admin":true}}'), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(body, '/body/__proto__').rule).to.equal('additionalProperties');
  });

  it('answers 400 VALIDATION_FAILED_400 rule nul for a NUL character anywhere in the body or the query, which the database cannot store', async () => {
    const inValue = expectError(await post({ ...VALID, owner: { id: 'u-\u0000', contact: { email: 'a@example.com' } } }), 400, 'VALIDATION_FAILED_400');
    expect(inValue.details).to.deep.equal([
      { field: '/body/owner/id', rule: 'nul', message: 'must not contain the NUL character (U+0000), which the database cannot store' },
    ]);
    const inTag = expectError(await post({ ...VALID, tags: ['red', 'gr\u0000een'] }), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(inTag, '/body/tags/1').rule).to.equal('nul');
    const inQuery = expectError(await server.http().get('/api/v1/echo/items?keyword=a%00b').set('Authorization', ADMIN), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(inQuery, '/query/keyword').rule).to.equal('nul');
    // An escaped backslash before `u0000` is six ordinary characters.
    expect(expectSuccess(await post({ ...VALID, name: 'a\\u0000' }), 201).data).to.include({ name: 'a\\u0000' });
  });

  it('answers 400 VALIDATION_FAILED_400 with /body/<prop> rule required for a missing required property', async () => {
    const { name: _name, ...rest } = VALID;
    const body = expectError(await post(rest), 400, 'VALIDATION_FAILED_400');
    expect(body.details).to.deep.equal([{ field: '/body/name', rule: 'required', message: 'is required' }]);
  });

  it('answers 400 VALIDATION_FAILED_400 with /body/owner/id rule required for a missing nested required property', async () => {
    const body = expectError(await post({ ...VALID, owner: {} }), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(body, '/body/owner/id').rule).to.equal('required');
  });

  it('answers 400 VALIDATION_FAILED_400 with rule type for a value of the wrong type, never coercing a body', async () => {
    const body = expectError(await post({ ...VALID, count: '3' }), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(body, '/body/count').rule).to.equal('type');
  });

  it('names every problem of a body at once', async () => {
    const body = expectError(await post({ count: -1, owner: { id: '' }, extra: 1 }), 400, 'VALIDATION_FAILED_400');
    expect(body.details.map((d) => `${d.field} ${d.rule}`)).to.have.members([
      '/body/name required',
      '/body/count minimum',
      '/body/owner/id minLength',
      '/body/extra additionalProperties',
    ]);
  });

  it('answers 400 VALIDATION_FAILED_400 with /body rule type when the JSON is an array', async () => {
    const body = expectError(await post([VALID]), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(body, '/body').rule).to.equal('type');
  });

  it('reads no body as an empty object: 400 VALIDATION_FAILED_400 naming each required field', async () => {
    const body = expectError(await server.http().post('/api/v1/echo/items').set('Authorization', ADMIN), 400, 'VALIDATION_FAILED_400');
    expect(body.details.map((d) => `${d.field} ${d.rule}`)).to.have.members(['/body/name required', '/body/count required', '/body/owner required']);
  });

  it('answers 400 VALIDATION_FAILED_400 with /body rule contentType for a body that is not JSON', async () => {
    for (const [text, type] of [
      [JSON.stringify(VALID), 'text/plain'],
      ['name=apple&count=3', 'application/x-www-form-urlencoded'],
    ]) {
      const body = expectError(await post(text, type), 400, 'VALIDATION_FAILED_400');
      expect(detailFor(body, '/body').rule).to.equal('contentType');
    }
  });

  it('checks the caller before reading the body: no token and a malformed body is 401', async () => {
    const res = await server.http().post('/api/v1/echo/items').set('Content-Type', 'application/json').send('{oops');
    expectError(res, 401, 'AUTH_TOKEN_MISSING_401');
  });
});

describe('HTTP request bodies: depth and width limits', () => {
  let server: TestServer;
  before(async () => {
    server = await startEchoServer();
  });
  after(() => server.stop());

  const post = (text: string) => server.http().post('/api/v1/echo/items').set('Authorization', ADMIN).set('Content-Type', 'application/json').send(text);
  const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const zeros = (count: number) => `[${Array(count).fill('0').join(',')}]`;

  it(`answers 400 VALIDATION_MALFORMED_BODY_400 /body rule maxDepth past ${JSON_LIMITS.maxDepth} levels; ${JSON_LIMITS.maxDepth} reach validation`, async () => {
    expectError(await post(nested(JSON_LIMITS.maxDepth)), 400, 'VALIDATION_FAILED_400');
    const deeper = expectError(await post(nested(JSON_LIMITS.maxDepth + 1)), 400, 'VALIDATION_MALFORMED_BODY_400');
    expect(deeper.details).to.deep.equal([
      { field: '/body', rule: 'maxDepth', message: `nests objects and arrays deeper than ${JSON_LIMITS.maxDepth} levels` },
    ]);
  });

  it('answers 400, never 500, to a body nested hundreds of thousands of levels deep, in an object as in an array', async () => {
    expectError(await post(nested(300_000)), 400, 'VALIDATION_MALFORMED_BODY_400');
    expectError(await post('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)), 400, 'VALIDATION_MALFORMED_BODY_400');
  });

  it(`answers 400 VALIDATION_MALFORMED_BODY_400 /body rule maxEntries past ${JSON_LIMITS.maxEntries} keys and elements; ${JSON_LIMITS.maxEntries} reach validation`, async () => {
    expectError(await post(zeros(JSON_LIMITS.maxEntries)), 400, 'VALIDATION_FAILED_400');
    const wider = expectError(await post(zeros(JSON_LIMITS.maxEntries + 1)), 400, 'VALIDATION_MALFORMED_BODY_400');
    expect(detailFor(wider, '/body').rule).to.equal('maxEntries');
    const keys = Array.from({ length: JSON_LIMITS.maxEntries + 1 }, (_, i) => `"k${i}":0`).join(',');
    expect(detailFor(expectError(await post(`{${keys}}`), 400, 'VALIDATION_MALFORMED_BODY_400'), '/body').rule).to.equal('maxEntries');
  });

  it('counts brackets, colons and commas only outside strings', async () => {
    const tag = `${'['.repeat(100)}\\"${'{:,'.repeat(JSON_LIMITS.maxEntries)}`;
    expect(expectSuccess(await post(JSON.stringify({ ...VALID, tags: [tag] })), 201).data).to.deep.include({ tags: [tag] });
  });
});

/** POSTs `chunks` with Transfer-Encoding: chunked (no Content-Length), as an ADMIN. */
function chunkedPost(base: string, path: string, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: ADMIN, 'Transfer-Encoding': 'chunked' },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server may answer and close before every chunk is written.
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}
