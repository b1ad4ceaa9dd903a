import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '@atrium/kernel';
import { AuthErrors } from './errors';

export interface LoginLimits {
  maxFailures: number;
  windowSeconds: number;
  /** Counters shared by every instance when set; per process otherwise. */
  redisUrl?: string;
}

/** One login attempt, already counted: a success gives the count back. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

/**
 * Failed logins, counted per (account, address) and per address, each in a fixed window that
 * always ends. Counting the account per address means an attacker elsewhere cannot lock its
 * owner out. An attempt is counted before the password is checked, so parallel guesses cannot
 * slip past the limit; a successful one gives its count back.
 */
export class LoginLimiter {
  private constructor(
    private readonly perAccount: RateLimiterAbstract,
    private readonly perAddress: RateLimiterAbstract,
    private readonly redis?: Redis,
  ) {}

  static async create(limits: LoginLimits): Promise<LoginLimiter> {
    const counter = (keyPrefix: string, redis?: Redis): RateLimiterAbstract => {
      const options = { points: limits.maxFailures, duration: limits.windowSeconds, keyPrefix };
      if (!redis) return new RateLimiterMemory(options);
      // If Redis is out of reach, count on this instance rather than let every guess through.
      return new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
    };
    let redis: Redis | undefined;
    if (limits.redisUrl) {
      // A connection of auth's own: the kernel's belong to the kernel.
      redis = new Redis(limits.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
      await redis.connect();
    }
    return new LoginLimiter(counter('atrium:auth:login:account', redis), counter('atrium:auth:login:address', redis), redis);
  }

  /** Counts an attempt, or answers 429 AUTH_TOO_MANY_ATTEMPTS_429 with Retry-After. */
  async begin(account: string, address: string): Promise<LoginAttempt> {
    const accountKey = `${account}|${address}`;
    const outcomes = await Promise.allSettled([this.perAccount.consume(accountKey), this.perAddress.consume(address)]);
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    if (refused.length > 0) {
      const waits = refused.map((reason) => {
        if (!(reason instanceof RateLimiterRes)) throw reason;
        return reason.msBeforeNext;
      });
      const retryAfter = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
      throw new AppError(AuthErrors.AUTH_TOO_MANY_ATTEMPTS_429, {
        headers: { 'Retry-After': String(retryAfter) },
        details: [{ rule: 'loginAttempts', message: `too many failed logins; retry in ${retryAfter} s` }],
      });
    }
    return {
      succeeded: async () => {
        // The account's failures from this address are forgiven; the address keeps the others.
        await Promise.all([this.perAccount.delete(accountKey), this.perAddress.reward(address, 1)]);
      },
    };
  }

  async close(): Promise<void> {
    await this.redis?.quit();
  }
}
