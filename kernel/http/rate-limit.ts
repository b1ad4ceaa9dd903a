import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';
import type { Counter, SharedCounters } from '../runtime/shared-counters';

export interface RateLimitOptions {
  points: number;
  windowSeconds: number;
  /** Shared across instances with Redis; per process without it or while it is unreachable. */
  counters: SharedCounters;
}

/** Requests per client address per window. Over the limit: 429 with Retry-After. */
export class RateLimit {
  private readonly counter: Counter;

  constructor(options: RateLimitOptions) {
    this.counter = options.counters.counter({ points: options.points, windowSeconds: options.windowSeconds, keyPrefix: 'atrium:rl' });
  }

  async consume(clientAddress: string): Promise<void> {
    try {
      await this.counter.consume(clientAddress);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new AppError(KernelErrors.SYSTEM_RATE_LIMITED_429, { headers: { 'Retry-After': String(retryAfter) } });
    }
  }
}
