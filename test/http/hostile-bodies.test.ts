import crypto from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { JSON_LIMITS } from '../../kernel/http/json-limits';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { expectError } from './helpers';

/**
 * Hostile input at real routes of the built-in modules: whatever the body or query string, the
 * answer is the client's error (4xx), never the server's (500).
 */
describe('HTTP: hostile bodies and query strings at real routes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  const post = (path: string, text: string, token?: string) => {
    const request = server.http().post(`/api/v1${path}`).set('Content-Type', 'application/json');
    return (token ? request.set('Authorization', token) : request).send(text);
  };
  const taskWith = (payload: string) => `{"idempotencyKey":"${crypto.randomUUID()}","type":"system.echo","payload":${payload}}`;
  const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  /** Each route, with how a generated JSON text becomes its body. */
  const targets: Array<{ name: string; send: (json: string) => ReturnType<typeof post> }> = [
    { name: 'POST /auth/login', send: (json) => post('/auth/login', `{"username":${json},"password":${json}}`) },
    { name: 'POST /tasks (the payload)', send: (json) => post('/tasks', taskWith(json), ADMIN) },
    { name: 'POST /users (the body)', send: (json) => post('/users', json, ADMIN) },
    {
      name: 'POST /users (a field)',
      send: (json) => post('/users', `{"username":"u${Date.now()}","password":"correct-horse-battery-1","nickname":${json}}`, ADMIN),
    },
  ];

  for (const { name, send } of targets) {
    it(`answers 400 VALIDATION_MALFORMED_BODY_400 at ${name} to JSON nested 50,000 levels deep`, async () => {
      expectError(await send(deepArray(50_000)), 400, 'VALIDATION_MALFORMED_BODY_400');
      expectError(await send(deepObject(50_000)), 400, 'VALIDATION_MALFORMED_BODY_400');
    });
  }

  it(`takes a task whose payload nests up to the limit (${JSON_LIMITS.maxDepth} levels in all) and stores it whole`, async () => {
    const payload = deepObject(JSON_LIMITS.maxDepth - 1);
    const res = await post('/tasks', taskWith(payload), ADMIN);
    expect(res.status, res.text).to.equal(201);
    expect(JSON.stringify(res.body.data.payload)).to.equal(payload);
  });

  it('never answers 500 to random, deep or wide JSON at a login, a task submission and a user creation', async () => {
    // Shapes as small descriptions, built into text in the property, so a failure prints short.
    const shapes = {
      deepArray,
      deepObject,
      wideArray: (count: number) => `[${Array(count).fill('{}').join(',')}]`,
    };
    const json = fc.oneof(
      fc.jsonValue({ maxDepth: 6 }).map((value) => ({ value })),
      fc.record({ shape: fc.constantFrom(...(Object.keys(shapes) as Array<keyof typeof shapes>)), size: fc.integer({ min: 1, max: 20_000 }) }),
      fc.string({ unit: 'binary', maxLength: 64 }).map((value) => ({ value })),
    );
    const textOf = (input: { value: unknown } | { shape: keyof typeof shapes; size: number }) =>
      'shape' in input ? shapes[input.shape](input.size) : JSON.stringify(input.value);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), json, async (target, input) => {
        const res = await target.send(textOf(input));
        expect(res.status, `${target.name}: ${res.text}`).to.be.within(200, 499);
      }),
      { numRuns: 150 },
    );
  });

  it('reads a bracketed query parameter flat, as its own undeclared name', async () => {
    const res = await server.http().get('/api/v1/users?keyword[a][b]=x').set('Authorization', ADMIN);
    const body = expectError(res, 400, 'VALIDATION_FAILED_400');
    expect(body.details).to.deep.include({ field: '/query/keyword[a][b]', rule: 'additionalProperties', message: 'is not an accepted property' });
  });

  it('never answers 500 to a query string nested deep, repeated or bracketed', async () => {
    const queries = [
      `keyword${'[a]'.repeat(10_000)}=x`,
      'keyword[]=a&keyword[]=b',
      'keyword=a&keyword=b',
      `${Array.from({ length: 2_000 }, (_, i) => `k${i}=1`).join('&')}`,
      'page[__proto__][x]=1&sort[constructor][prototype]=1',
    ];
    for (const query of queries) {
      const res = await server.http().get(`/api/v1/users?${query}`).set('Authorization', ADMIN);
      expect(res.status, `${query.slice(0, 80)}: ${res.text}`).to.be.within(200, 499);
    }
  });
});
