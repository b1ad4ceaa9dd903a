import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type Redis from 'ioredis';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';

export interface RateLimitOptions {
  points: number;
  windowSeconds: number;
  /** Shared counters across instances; per process without it. */
  redis?: Redis;
}

/** Requests per client address per window. Over the limit: 429 with Retry-After. */
export class RateLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(options: RateLimitOptions) {
    const common = { points: options.points, duration: options.windowSeconds, keyPrefix: 'atrium:rl' };
    this.limiter = options.redis
      ? new RateLimiterRedis({ ...common, storeClient: options.redis, insuranceLimiter: new RateLimiterMemory(common) })
      : new RateLimiterMemory(common);
  }

  async consume(clientAddress: string): Promise<void> {
    try {
      await this.limiter.consume(clientAddress);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new AppError(KernelErrors.SYSTEM_RATE_LIMITED_429, { headers: { 'Retry-After': String(retryAfter) } });
    }
  }
}
