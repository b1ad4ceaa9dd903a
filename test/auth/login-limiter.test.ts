import { expect } from 'chai';
import { AppError } from '../../kernel/api';
import { createLogger } from '../../kernel/logging/logger';
import { CacheHub } from '../../kernel/runtime/cache';
import { EventBus } from '../../kernel/runtime/event-bus';
import { LoginLimiter } from '../../modules/auth/login-limiter';

async function refusal(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the attempt was not refused');
}

/** Limits a test may change between attempts, as an operator changes the params. */
function limitsOf(maxFailures: number, windowSeconds: number) {
  const limits = { maxFailures, windowSeconds };
  return { limits, read: async () => ({ ...limits }) };
}

/** A limiter counting in this process, as an instance without Redis does. */
function limiterWith(limits: () => Promise<{ maxFailures: number; windowSeconds: number }>): LoginLimiter {
  return new LoginLimiter(limits, new CacheHub(new EventBus(createLogger('silent'))).namespace('auth'));
}

describe('auth: the login limiter', () => {
  let limiter: LoginLimiter;
  beforeEach(async () => {
    limiter = limiterWith(limitsOf(3, 60).read);
  });

  it('refuses the attempt after the allowed failures with 429 and Retry-After within the window', async () => {
    for (let i = 0; i < 3; i += 1) await limiter.begin('ada', '10.0.0.1');
    const error = await refusal(limiter.begin('ada', '10.0.0.1'));
    expect(error.code).to.equal('AUTH_TOO_MANY_ATTEMPTS_429');
    const retryAfter = Number(error.headers['Retry-After']);
    expect(retryAfter).to.be.within(1, 60);
  });

  it("does not count the account's failures from another address against it", async () => {
    for (let i = 0; i < 3; i += 1) await limiter.begin('ada', '10.0.0.1');
    await limiter.begin('ada', '10.0.0.2');
  });

  it('counts failures per address across accounts', async () => {
    for (const account of ['a', 'b', 'c']) await limiter.begin(account, '10.0.0.1');
    expect((await refusal(limiter.begin('d', '10.0.0.1'))).code).to.equal('AUTH_TOO_MANY_ATTEMPTS_429');
  });

  it("gives a successful attempt its count back and forgives the account's failures from that address", async () => {
    await limiter.begin('ada', '10.0.0.1');
    await limiter.begin('ada', '10.0.0.1');
    await (await limiter.begin('ada', '10.0.0.1')).succeeded();
    // The address still holds the two failures: one more is allowed, not three.
    await limiter.begin('bob', '10.0.0.1');
    expect((await refusal(limiter.begin('ada', '10.0.0.1'))).code).to.equal('AUTH_TOO_MANY_ATTEMPTS_429');
  });

  it('holds the failures already counted to a lowered limit at the next attempt, and lets them through a raised one', async () => {
    const current = limitsOf(3, 60);
    const following = limiterWith(current.read);
    await following.begin('ada', '10.0.0.1');
    await following.begin('ada', '10.0.0.1');
    current.limits.maxFailures = 1;
    expect((await refusal(following.begin('ada', '10.0.0.1'))).code).to.equal('AUTH_TOO_MANY_ATTEMPTS_429');
    current.limits.maxFailures = 10;
    await following.begin('ada', '10.0.0.1');
  });

  it('starts new counts when the window length changes', async () => {
    const current = limitsOf(1, 60);
    const following = limiterWith(current.read);
    await following.begin('ada', '10.0.0.1');
    await refusal(following.begin('ada', '10.0.0.1'));
    current.limits.windowSeconds = 30;
    await following.begin('ada', '10.0.0.1');
    const error = await refusal(following.begin('ada', '10.0.0.1'));
    expect(Number(error.headers['Retry-After'])).to.be.within(1, 30);
  });

  it('ends the window', async () => {
    const short = limiterWith(limitsOf(1, 1).read);
    await short.begin('ada', '10.0.0.1');
    await refusal(short.begin('ada', '10.0.0.1'));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await short.begin('ada', '10.0.0.1');
  });
});
