import crypto from 'node:crypto';
import { expect } from 'chai';
import Redis from 'ioredis';
import type { Response } from 'supertest';
import type { TestServer } from '../support/server';
import { expectError, expectSuccess, startEchoServer } from './helpers';

const LIMIT = { points: 5, windowSeconds: 60 };

/** A client address of its own per test (documentation range), so counters never collide. */
function uniqueAddress(): string {
  return `2001:db8::${crypto.randomBytes(2).toString('hex')}:${crypto.randomBytes(2).toString('hex')}`;
}

/** The RateLimit-* fields of a counted answer: the limit, `remaining` left, a reset within the window. */
function expectRateLimitFields(res: Response, remaining: number): void {
  expect(res.headers['ratelimit-limit'], res.text).to.equal(String(LIMIT.points));
  expect(res.headers['ratelimit-remaining']).to.equal(String(remaining));
  expect(res.headers['ratelimit-reset']).to.match(/^\d+$/);
  expect(Number(res.headers['ratelimit-reset'])).to.be.within(1, LIMIT.windowSeconds);
  expect(res.headers['ratelimit-policy']).to.equal(`${LIMIT.points};w=${LIMIT.windowSeconds}`);
}

describe('HTTP rate limiting', () => {
  describe('per process, behind a trusted proxy', () => {
    let server: TestServer;
    before(async () => {
      // Loopback is trusted, so each test speaks as its own client through X-Forwarded-For.
      server = await startEchoServer({ config: { rateLimit: LIMIT, trustedProxies: ['loopback'] } });
    });
    after(() => server.stop());

    const ping = (address: string) => server.http().get('/api/v1/echo/ping').set('X-Forwarded-For', address);

    it('answers the 6th request in the window 429 SYSTEM_RATE_LIMITED_429 with an integer Retry-After', async () => {
      const address = uniqueAddress();
      for (let i = 0; i < LIMIT.points; i++) expectSuccess(await ping(address));
      const res = await ping(address);
      expectError(res, 429, 'SYSTEM_RATE_LIMITED_429');
      expect(res.headers['retry-after']).to.match(/^\d+$/);
      expect(Number(res.headers['retry-after'])).to.be.within(1, LIMIT.windowSeconds);
    });

    it('tells each answer the limit, what remains of it and when the window ends (RateLimit-* fields), and the 429 too, with Retry-After', async () => {
      const address = uniqueAddress();
      for (let i = 1; i <= LIMIT.points; i++) {
        const res = await ping(address);
        expectSuccess(res);
        expectRateLimitFields(res, LIMIT.points - i);
      }
      const over = await ping(address);
      expectError(over, 429, 'SYSTEM_RATE_LIMITED_429');
      expectRateLimitFields(over, 0);
      expect(Number(over.headers['retry-after'])).to.be.within(1, LIMIT.windowSeconds);
    });

    it('sends the fields on a refused request too: a 401 and a 404 were counted', async () => {
      const address = uniqueAddress();
      const unauthenticated = await server.http().get('/api/v1/echo/items').set('X-Forwarded-For', address);
      expectError(unauthenticated, 401, 'AUTH_TOKEN_MISSING_401');
      expectRateLimitFields(unauthenticated, LIMIT.points - 1);
      const unknown = await server.http().get('/api/v1/probe/x').set('X-Forwarded-For', address);
      expectError(unknown, 404, 'SYSTEM_NOT_FOUND_404');
      expectRateLimitFields(unknown, LIMIT.points - 2);
    });

    it('never limits the health probe or the metrics scrape', async () => {
      const address = uniqueAddress();
      for (let i = 0; i <= LIMIT.points; i++) await ping(address);
      expectError(await ping(address), 429, 'SYSTEM_RATE_LIMITED_429');
      for (let i = 0; i < LIMIT.points * 2; i++) {
        const health = await server.http().get('/api/v1/system/health').set('X-Forwarded-For', address);
        expectSuccess(health);
        expect(Object.keys(health.headers).filter((name) => name.startsWith('ratelimit'))).to.deep.equal([]);
      }
      const metrics = await server.http().get('/metrics').set('X-Forwarded-For', address);
      expect(metrics.status).to.equal(200);
      expect(Object.keys(metrics.headers).filter((name) => name.startsWith('ratelimit'))).to.deep.equal([]);
    });

    it('counts each client address on its own', async () => {
      const greedy = uniqueAddress();
      for (let i = 0; i <= LIMIT.points; i++) await ping(greedy);
      expectError(await ping(greedy), 429, 'SYSTEM_RATE_LIMITED_429');
      expectSuccess(await ping(uniqueAddress()));
    });

    it('counts requests for unknown routes, so probing costs the same as calling', async () => {
      const address = uniqueAddress();
      for (let i = 0; i < LIMIT.points; i++)
        expectError(await server.http().get(`/api/v1/probe/${i}`).set('X-Forwarded-For', address), 404, 'SYSTEM_NOT_FOUND_404');
      expectError(await server.http().get('/api/v1/probe/last').set('X-Forwarded-For', address), 429, 'SYSTEM_RATE_LIMITED_429');
    });

    it('limits before authenticating: a limited caller without a token is told 429, not 401', async () => {
      const address = uniqueAddress();
      for (let i = 0; i < LIMIT.points; i++)
        expectError(await server.http().get('/api/v1/echo/items').set('X-Forwarded-For', address), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await server.http().get('/api/v1/echo/items').set('X-Forwarded-For', address), 429, 'SYSTEM_RATE_LIMITED_429');
    });
  });

  describe('without a trusted proxy', () => {
    let server: TestServer;
    before(async () => {
      server = await startEchoServer({ config: { rateLimit: LIMIT } });
    });
    after(() => server.stop());

    it('ignores X-Forwarded-For, so a client cannot dodge the limit by inventing addresses', async () => {
      for (let i = 0; i < LIMIT.points; i++) expectSuccess(await server.http().get('/api/v1/echo/ping').set('X-Forwarded-For', uniqueAddress()));
      expectError(await server.http().get('/api/v1/echo/ping').set('X-Forwarded-For', uniqueAddress()), 429, 'SYSTEM_RATE_LIMITED_429');
    });
  });

  describe('shared through Redis (REDIS_URL)', function () {
    const redisUrl = process.env.REDIS_URL;
    let redis: Redis;
    let first: TestServer;
    let second: TestServer;
    const keys: string[] = [];
    const keyOf = (address: string) => {
      // rate-limiter-flexible's key: `<keyPrefix>:<client address>`; the prefix is fixed.
      const key = `atrium:rl:${address}`;
      keys.push(key);
      return key;
    };

    before(async function () {
      if (!redisUrl) this.skip();
      redis = new Redis(redisUrl!, { lazyConnect: true });
      await redis.connect();
      const options = { config: { rateLimit: LIMIT, trustedProxies: ['loopback'], redisUrl } };
      [first, second] = await Promise.all([startEchoServer(options), startEchoServer(options)]);
    });
    after(async () => {
      if (!redisUrl) return;
      if (keys.length > 0) await redis.del(...keys);
      await Promise.all([first?.stop(), second?.stop()]);
      redis.disconnect();
    });

    it('shares one counter between two kernels: the 6th request across both answers 429', async () => {
      const address = uniqueAddress();
      await redis.del(keyOf(address));
      for (let i = 1; i <= LIMIT.points; i++) {
        const server = i % 2 === 0 ? first : second;
        const res = await server.http().get('/api/v1/echo/ping').set('X-Forwarded-For', address);
        expectSuccess(res);
        // Each kernel tells the count both share, not its own.
        expectRateLimitFields(res, LIMIT.points - i);
      }
      expect(Number(await redis.get(keyOf(address)))).to.equal(LIMIT.points);
      for (const server of [first, second]) {
        const res = await server.http().get('/api/v1/echo/ping').set('X-Forwarded-For', address);
        expectError(res, 429, 'SYSTEM_RATE_LIMITED_429');
        expectRateLimitFields(res, 0);
        expect(Number(res.headers['retry-after'])).to.be.within(1, LIMIT.windowSeconds);
      }
    });

    it('keeps the window in Redis: the key expires with the window', async () => {
      const address = uniqueAddress();
      await redis.del(keyOf(address));
      expectSuccess(await first.http().get('/api/v1/echo/ping').set('X-Forwarded-For', address));
      const ttl = await redis.pttl(keyOf(address));
      expect(ttl).to.be.within(1, LIMIT.windowSeconds * 1000);
    });
  });
});
