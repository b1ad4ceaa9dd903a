import { AppError, KernelErrors, type ModuleContext } from '@atrium/kernel';

type Counter = ReturnType<ModuleContext['cache']['counter']>;

const WINDOW_SECONDS = 60;
/**
 * The counter refuses nothing itself: it counts far past any limit and each request compares the
 * count with the limit of the moment, so a changed param holds at the next request.
 */
const COUNT_CEILING = 1_000_000_000;

/**
 * Requests per key per minute, counted in the kernel cache's shared counters (through Redis when
 * configured: every instance counts together; each alone while it is unreachable), beside the
 * kernel's own limit per client address.
 */
export class KeyRateLimit {
  private readonly counter: Counter;

  constructor(
    cache: Pick<ModuleContext['cache'], 'counter'>,
    /** The limit as it is now (a param). */
    private readonly limit: () => Promise<number>,
  ) {
    this.counter = cache.counter('requests', { points: COUNT_CEILING, windowSeconds: WINDOW_SECONDS });
  }

  /** Counts a request of the key, or answers 429 SYSTEM_RATE_LIMITED_429 with Retry-After. */
  async consume(keyId: string): Promise<void> {
    const [limit, count] = await Promise.all([this.limit(), this.counter.consume(keyId)]);
    if (count.consumedPoints <= limit) return;
    const retryAfter = Math.max(1, Math.ceil(count.msBeforeNext / 1000));
    throw new AppError(KernelErrors.SYSTEM_RATE_LIMITED_429, {
      headers: { 'Retry-After': String(retryAfter) },
      details: [{ rule: 'apiKeyRate', message: `more than ${limit} requests a minute with this API key; retry in ${retryAfter} s` }],
    });
  }
}
