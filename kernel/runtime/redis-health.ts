import CircuitBreaker from 'opossum';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { LinkListeners } from './link-listeners';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';

export type CircuitState = 'closed' | 'open' | 'half-open';

/** The longest one Redis call may take: past it the caller goes on without Redis. */
export const REDIS_CALL_TIMEOUT_MS = 300;
/** How long an open circuit refuses calls before one probe may try again. */
const RESET_TIMEOUT_MS = 1000;
/** What a caller that cannot go on without Redis tells its client to wait. */
const RETRY_AFTER_SECONDS = 1;

type Work = () => Promise<unknown>;

/**
 * The one owner of "is Redis usable": a circuit (opossum) every Redis call of the kernel goes
 * through. It opens after repeated failures or timeouts, and at once when a connection drops (an
 * outage is then seen within milliseconds, not after a caller's timeout); while open, calls fail
 * at once and their callers fall back. It closes when every connection is ready again, or when a
 * probe after the reset timeout succeeds; then `onRestored` listeners (LinkListeners) resync from the database.
 */
export class RedisHealth extends LinkListeners {
  private readonly breaker: CircuitBreaker<[Work], unknown>;
  private readonly connections = new Set<Redis>();
  private stopped = false;
  /** Set from the first opening until the circuit closes: a failed probe reopens it silently. */
  private out = false;

  constructor(
    log: Logger,
    private readonly probe: () => Promise<unknown>,
  ) {
    super(log, 'redis');
    this.breaker = new CircuitBreaker((work: Work) => work(), {
      timeout: REDIS_CALL_TIMEOUT_MS,
      resetTimeout: RESET_TIMEOUT_MS,
      errorThresholdPercentage: 50,
      volumeThreshold: 3,
    });
    this.breaker.on('open', () => {
      if (this.out) return;
      this.out = true;
      this.log.error({ dependency: 'redis', circuit: 'open' }, 'redis is unreachable: going on without it');
      this.tellLost();
    });
    this.breaker.on('halfOpen', () => {
      // Without traffic nothing would try again: one probe decides whether the circuit closes.
      this.run(this.probe).catch(() => undefined);
    });
    this.breaker.on('close', () => {
      this.out = false;
      this.log.info({ dependency: 'redis', circuit: 'closed' }, 'redis is back: resyncing from the database');
      this.tellRestored();
    });
  }

  get state(): CircuitState {
    if (this.breaker.closed) return 'closed';
    return this.breaker.halfOpen ? 'half-open' : 'open';
  }

  /** Whether Redis may be used now (the circuit is closed). */
  get available(): boolean {
    return this.breaker.closed;
  }

  /** Follows a connection: its drop opens the circuit, all connections ready closes it. */
  watch(connection: Redis): void {
    this.connections.add(connection);
    connection.on('close', () => {
      if (!this.stopped) this.breaker.open();
    });
    connection.on('ready', () => {
      if (this.connected()) this.breaker.close();
    });
  }

  /**
   * Runs a Redis call within the bound and through the circuit. When the circuit is open or the
   * call fails, it rejects with `503 SYSTEM_DEPENDENCY_UNAVAILABLE_503`: callers that can go on
   * without Redis catch it and fall back, the others let it reach the client.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    // A trial call must not close the circuit while a connection is still down (the subscriber
    // would miss what is published before it is back); its 'ready' closes the circuit instead.
    if (!this.breaker.closed && !this.connected()) throw unavailable();
    try {
      return (await this.breaker.fire(work)) as T;
    } catch (error) {
      throw unavailable(error);
    }
  }

  private connected(): boolean {
    return [...this.connections].every((connection) => connection.status === 'ready');
  }

  /** Before the connections are closed on purpose: their closing is no outage. */
  shutdown(): void {
    this.stopped = true;
    this.breaker.shutdown();
  }
}

function unavailable(cause?: unknown): AppError {
  return new AppError(KernelErrors.SYSTEM_DEPENDENCY_UNAVAILABLE_503, {
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    details: [{ rule: 'redis', message: 'redis is unreachable' }],
    cause,
  });
}
