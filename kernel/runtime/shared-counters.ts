import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisConnections } from './redis';
import type { RedisHealth } from './redis-health';

export interface CounterOptions {
  /** Prefix of the counter's keys (in Redis, and in memory). */
  keyPrefix: string;
  /** Counts above this reject with a RateLimiterRes. */
  points: number;
  /** The fixed window each key counts in; every window ends. */
  windowSeconds: number;
}

/**
 * A fixed-window counter per key, shared by every instance through Redis when it is configured
 * and usable, and counted by this process alone otherwise (no REDIS_URL, or the circuit open):
 * a limit is then enforced per instance, never dropped, and no request waits for Redis.
 */
export interface Counter {
  /** Adds `points` to the key's count: the count, or a rejected RateLimiterRes when over the limit. */
  consume(key: string, points?: number): Promise<RateLimiterRes>;
  /** Gives `points` back. */
  reward(key: string, points: number): Promise<void>;
  /** Forgets the key's count. */
  delete(key: string): Promise<void>;
}

/** Makes counters over the kernel's Redis connection and health. */
export class SharedCounters {
  constructor(private readonly redis?: RedisConnections) {}

  counter(options: CounterOptions): Counter {
    const settings = { points: options.points, duration: options.windowSeconds, keyPrefix: options.keyPrefix };
    const local = new RateLimiterMemory(settings);
    if (!this.redis) return new FallbackCounter(local);
    // No insurance limiter of its own: the circuit decides when to count locally.
    const shared = new RateLimiterRedis({ ...settings, storeClient: this.redis.command, rejectIfRedisNotReady: true });
    return new FallbackCounter(local, { limiter: shared, health: this.redis.health });
  }
}

type Outcome<T> = { value: T } | { over: RateLimiterRes };

class FallbackCounter implements Counter {
  constructor(
    private readonly local: RateLimiterAbstract,
    private readonly shared?: { limiter: RateLimiterAbstract; health: RedisHealth },
  ) {}

  consume(key: string, points = 1): Promise<RateLimiterRes> {
    return this.either((limiter) => limiter.consume(key, points));
  }

  async reward(key: string, points: number): Promise<void> {
    await this.either((limiter) => limiter.reward(key, points));
  }

  async delete(key: string): Promise<void> {
    await this.either((limiter) => limiter.delete(key));
  }

  /** Redis through the circuit; on its failure, with the circuit open or without Redis, this process's count. */
  private async either<T>(operation: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
    const { shared } = this;
    if (!shared?.health.available) return operation(this.local);
    // Over the limit is an answer, not a Redis failure: it must not count against the circuit.
    const outcome = await shared.health
      .run(() =>
        operation(shared.limiter).then(
          (value): Outcome<T> => ({ value }),
          (rejection: unknown): Outcome<T> => {
            if (rejection instanceof RateLimiterRes) return { over: rejection };
            throw rejection;
          },
        ),
      )
      .catch(() => undefined);
    if (!outcome) return operation(this.local);
    if ('over' in outcome) throw outcome.over;
    return outcome.value;
  }
}
