import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '@atrium/kernel';
import { AuthErrors } from './errors';

export interface LoginLimits {
  maxFailures: number;
  windowSeconds: number;
}

export interface LoginLimiterOptions {
  /** The limits as they are now: read at every attempt, so a changed param applies at the next one. */
  limits: () => Promise<LoginLimits>;
  /** Counters shared by every instance when set; per process otherwise. */
  redisUrl?: string;
}

/** One login attempt, already counted: a success gives the count back. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

/**
 * The counters refuse nothing themselves: they count far past any limit, and each attempt
 * compares the counts with the limit of the moment. So lowering the limit holds the failures
 * already counted to it at once, and raising it lets them through.
 */
const COUNT_CEILING = 1_000_000_000;

/** The counters of one window length (a window's length is fixed when its counters are made). */
interface Counters {
  windowSeconds: number;
  perAccount: RateLimiterAbstract;
  perAddress: RateLimiterAbstract;
}

/**
 * Failed logins, counted per (account, address) and per address, each in a fixed window that
 * always ends. Counting the account per address means an attacker elsewhere cannot lock its
 * owner out. An attempt is counted before the password is checked, so parallel guesses cannot
 * slip past the limit; a successful one gives its count back.
 */
export class LoginLimiter {
  private counters?: Counters;

  private constructor(
    private readonly limits: () => Promise<LoginLimits>,
    private readonly redis?: Redis,
  ) {}

  static async create(options: LoginLimiterOptions): Promise<LoginLimiter> {
    let redis: Redis | undefined;
    if (options.redisUrl) {
      // A connection of auth's own: the kernel's belong to the kernel.
      redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
      await redis.connect();
    }
    return new LoginLimiter(options.limits, redis);
  }

  /** Counts an attempt, or answers 429 AUTH_TOO_MANY_ATTEMPTS_429 with Retry-After. */
  async begin(account: string, address: string): Promise<LoginAttempt> {
    const { maxFailures, windowSeconds } = await this.limits();
    const { perAccount, perAddress } = this.countersFor(windowSeconds);
    const accountKey = `${account}|${address}`;
    const outcomes = await Promise.allSettled([perAccount.consume(accountKey), perAddress.consume(address)]);
    const over = outcomes.flatMap((outcome) => {
      if (outcome.status === 'fulfilled') return outcome.value.consumedPoints > maxFailures ? [outcome.value] : [];
      if (outcome.reason instanceof RateLimiterRes) return [outcome.reason];
      throw outcome.reason;
    });
    if (over.length > 0) {
      const retryAfter = Math.max(1, Math.ceil(Math.max(...over.map((res) => res.msBeforeNext)) / 1000));
      throw new AppError(AuthErrors.AUTH_TOO_MANY_ATTEMPTS_429, {
        headers: { 'Retry-After': String(retryAfter) },
        details: [{ rule: 'loginAttempts', message: `too many failed logins; retry in ${retryAfter} s` }],
      });
    }
    return {
      succeeded: async () => {
        // The account's failures from this address are forgiven; the address keeps the others.
        await Promise.all([perAccount.delete(accountKey), perAddress.reward(address, 1)]);
      },
    };
  }

  /**
   * The counters of the current window length. A new length starts new counts (under keys of
   * their own in Redis, whose expiry is the window): the old windows simply end.
   */
  private countersFor(windowSeconds: number): Counters {
    if (this.counters?.windowSeconds !== windowSeconds) {
      const counter = (name: string): RateLimiterAbstract => {
        const options = { points: COUNT_CEILING, duration: windowSeconds, keyPrefix: `atrium:auth:login:${name}:${windowSeconds}` };
        if (!this.redis) return new RateLimiterMemory(options);
        // If Redis is out of reach, count on this instance rather than let every guess through.
        return new RateLimiterRedis({ ...options, storeClient: this.redis, insuranceLimiter: new RateLimiterMemory(options) });
      };
      this.counters = { windowSeconds, perAccount: counter('account'), perAddress: counter('address') };
    }
    return this.counters;
  }

  async close(): Promise<void> {
    await this.redis?.quit();
  }
}
