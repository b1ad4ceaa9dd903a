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

/** Where the limit's header fields are written: the response being answered. */
export interface HeaderSink {
  setHeader(name: string, value: string): unknown;
}

/**
 * Requests per client address per window. Every counted answer carries the IETF RateLimit header
 * fields in their separate-field form (draft-ietf-httpapi-ratelimit-headers-06, docs/api-clients.md
 * says why); over the limit: 429 with them and Retry-After.
 */
export class RateLimit {
  private readonly counter: Counter;
  private readonly policy: string;

  constructor(private readonly options: RateLimitOptions) {
    this.counter = options.counters.counter({ points: options.points, windowSeconds: options.windowSeconds, keyPrefix: 'atrium:rl' });
    this.policy = `${options.points};w=${options.windowSeconds}`;
  }

  async consume(clientAddress: string, response: HeaderSink): Promise<void> {
    let count: RateLimiterRes;
    try {
      count = await this.counter.consume(clientAddress);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      this.describe(response, rejection);
      throw new AppError(KernelErrors.SYSTEM_RATE_LIMITED_429, { headers: { 'Retry-After': String(secondsUntilReset(rejection)) } });
    }
    this.describe(response, count);
  }

  /** The count comes from whichever store counted it (Redis, or this process while Redis is out), so the fields match the limit enforced. */
  private describe(response: HeaderSink, count: RateLimiterRes): void {
    response.setHeader('RateLimit-Limit', String(this.options.points));
    response.setHeader('RateLimit-Remaining', String(Math.max(0, count.remainingPoints)));
    response.setHeader('RateLimit-Reset', String(secondsUntilReset(count)));
    response.setHeader('RateLimit-Policy', this.policy);
  }
}

/** Whole seconds, rounded up so a client waiting them finds the window over; at least 1. */
function secondsUntilReset(count: RateLimiterRes): number {
  return Math.max(1, Math.ceil(count.msBeforeNext / 1000));
}
