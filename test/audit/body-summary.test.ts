import { expect } from 'chai';
import { CUT, SUMMARY_LIMITS, TRUNCATED, isSecretKey, summariseBody } from '../../kernel/audit/body-summary';

describe('summariseBody', () => {
  it('answers null for a request without a body', () => {
    expect(summariseBody(undefined)).to.equal(null);
  });

  it('keeps plain values as they are', () => {
    const body = { name: 'n', count: 3, on: true, none: null, tags: ['a', 'b'], nested: { deptId: 'd' } };
    expect(summariseBody(body)).to.deep.equal(body);
  });

  it('removes every key that names a credential, at any depth and in any spelling', () => {
    const body = {
      username: 'u',
      password: 'p1',
      Password: 'p2',
      old_password: 'p3',
      confirmPassword: 'p4',
      passwordHash: 'h',
      refreshToken: 'r',
      'access-token': 'a',
      clientSecret: 's',
      signature: 'sig1',
      sig: 'sig2',
      apiKey: 'k',
      authorization: 'Basic x',
      profile: { nested: [{ newPassword: 'p5', keep: 1 }], secret: 's2' },
    };
    expect(summariseBody(body)).to.deep.equal({ username: 'u', profile: { nested: [{ keep: 1 }] } });
  });

  it('knows a credential key from an ordinary one', () => {
    for (const key of ['password', 'X-Api-Key', 'id_token', 'webhookSecret', 'sessionToken', 'urlSignature']) expect(isSecretKey(key), key).to.equal(true);
    for (const key of ['username', 'key', 'idempotencyKey', 'permissions', 'description']) expect(isSecretKey(key), key).to.equal(false);
  });

  it('replaces bearer credentials and JWTs whatever key holds them', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl';
    expect(summariseBody({ note: jwt, header: 'Bearer abc.def', list: [jwt] })).to.deep.equal({
      note: '[redacted]',
      header: '[redacted]',
      list: ['[redacted]'],
    });
  });

  it('cuts strings after 256 characters and marks the cut', () => {
    expect(summariseBody({ text: 'x'.repeat(1000) })).to.deep.equal({ text: `${'x'.repeat(SUMMARY_LIMITS.stringLength)}${CUT}` });
    expect(summariseBody({ text: 'x'.repeat(256) })).to.deep.equal({ text: 'x'.repeat(256) });
  });

  it('keeps the first items of a long array and counts the rest', () => {
    const summary = summariseBody({ ids: Array.from({ length: 100 }, (_, i) => i) }) as { ids: unknown[] };
    expect(summary.ids).to.have.length(SUMMARY_LIMITS.arrayLength + 1);
    expect(summary.ids.at(-1)).to.equal(`${CUT}80 more`);
  });

  it('replaces what is nested too deep', () => {
    expect(summariseBody({ a: { b: { c: { d: { e: { f: 1 } } } } } })).to.deep.equal({ a: { b: { c: { d: { e: TRUNCATED } } } } });
  });

  it('bounds the total size however wide the body is', () => {
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`field${i}`, 'v'.repeat(200)]));
    expect(JSON.stringify(summariseBody(wide)).length).to.be.below(SUMMARY_LIMITS.totalSize * 1.2);
  });

  it('keeps a key named __proto__ as a key', () => {
    const summary = summariseBody(JSON.parse('{"__proto__": {"x": 1}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(summary)).to.equal(Object.prototype);
    expect(Object.keys(summary)).to.deep.equal(['__proto__']);
  });
});
