import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, type ModuleContext } from '@atrium/kernel';
import { AuthErrors } from './errors';

export interface LoginLimits {
  maxFailures: number;
  windowSeconds: number;
}

/** Where the counters live: the kernel cache's shared counters (module-context `cache`). */
type CounterSource = Pick<ModuleContext['cache'], 'counter'>;

/** One login attempt, already counted: a success gives the count back. */
export interface LoginAttempt {
  /** The failures counted before this attempt: the larger of the account's from this address and the address's. */
  failuresBefore: number;
  succeeded(): Promise<void>;
  /** Gives this attempt's count back: it was refused before the password was tried (a captcha missing or wrong). */
  withdrawn(): Promise<void>;
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
  perAccount: Counter;
  perAddress: Counter;
}

type Counter = ReturnType<CounterSource['counter']>;

/**
 * Failed logins, counted per (account, address) and per address, each in a fixed window that
 * always ends. Counting the account per address means an attacker elsewhere cannot lock its
 * owner out. An attempt is counted before the password is checked, so parallel guesses cannot
 * slip past the limit; a successful one gives its count back.
 *
 * The counts are shared by every instance through the kernel's Redis; while Redis is unreachable
 * each instance counts alone (as Keycloak's brute-force detector does when its cluster is split):
 * the limit still holds per instance and no login waits for Redis (docs/operating.md).
 */
export class LoginLimiter {
  private counters?: Counters;

  constructor(
    /** The limits as they are now: read at every attempt, so a changed param applies at the next one. */
    private readonly limits: () => Promise<LoginLimits>,
    private readonly source: CounterSource,
  ) {}

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
    const counts = outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.consumedPoints : 0));
    return {
      failuresBefore: Math.max(...counts) - 1,
      succeeded: async () => {
        // The account's failures from this address are forgiven; the address keeps the others.
        await Promise.all([perAccount.delete(accountKey), perAddress.reward(address, 1)]);
      },
      withdrawn: async () => {
        await Promise.all([perAccount.reward(accountKey, 1), perAddress.reward(address, 1)]);
      },
    };
  }

  /**
   * The counters of the current window length. A new length starts new counts (under keys of
   * their own in Redis, whose expiry is the window): the old windows simply end.
   */
  private countersFor(windowSeconds: number): Counters {
    if (this.counters?.windowSeconds !== windowSeconds) {
      const counter = (name: string) => this.source.counter(`login:${name}:${windowSeconds}`, { points: COUNT_CEILING, windowSeconds });
      this.counters = { windowSeconds, perAccount: counter('account'), perAddress: counter('address') };
    }
    return this.counters;
  }
}
