import { expect } from 'chai';
import { AppError } from '../../kernel/api';
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

describe('auth: the login limiter', () => {
  let limiter: LoginLimiter;
  beforeEach(async () => {
    limiter = await LoginLimiter.create({ maxFailures: 3, windowSeconds: 60 });
  });
  afterEach(() => limiter.close());

  it('refuses the attempt after the allowed failures with 429 and Retry-After within the window', async () => {
    for (let i = 0; i < 3; i += 1) await limiter.begin('ada', '10.0.0.1');
    const error = await refusal(limiter.begin('ada', '10.0.0.1'));
    expect(error.code).to.equal('AUTH_TOO_MANY_ATTEMPTS_429');
    const retryAfter = Number(error.headers['Retry-After']);
    expect(retryAfter).to.be.within(1, 60);
  });

  it('does not count the account\'s failures from another address against it', async () => {
    for (let i = 0; i < 3; i += 1) await limiter.begin('ada', '10.0.0.1');
    await limiter.begin('ada', '10.0.0.2');
  });

  it('counts failures per address across accounts', async () => {
    for (const account of ['a', 'b', 'c']) await limiter.begin(account, '10.0.0.1');
    expect((await refusal(limiter.begin('d', '10.0.0.1'))).code).to.equal('AUTH_TOO_MANY_ATTEMPTS_429');
  });

  it('gives a successful attempt its count back and forgives the account\'s failures from that address', async () => {
    await limiter.begin('ada', '10.0.0.1');
    await limiter.begin('ada', '10.0.0.1');
    await (await limiter.begin('ada', '10.0.0.1')).succeeded();
    // The address still holds the two failures: one more is allowed, not three.
    await limiter.begin('bob', '10.0.0.1');
    expect((await refusal(limiter.begin('ada', '10.0.0.1'))).code).to.equal('AUTH_TOO_MANY_ATTEMPTS_429');
  });

  it('ends the window', async () => {
    const short = await LoginLimiter.create({ maxFailures: 1, windowSeconds: 1 });
    await short.begin('ada', '10.0.0.1');
    await refusal(short.begin('ada', '10.0.0.1'));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await short.begin('ada', '10.0.0.1');
    await short.close();
  });
});
