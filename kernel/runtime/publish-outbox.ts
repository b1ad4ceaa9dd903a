import type { Logger } from 'pino';
import type { LinkHealth } from './bus-transport';

/** Beyond this many waiting messages the oldest are dropped: every instance resyncs on reconnect anyway. */
const CAPACITY = 10_000;
const FIRST_RETRY_MS = 200;
const LONGEST_RETRY_MS = 5000;

interface Pending {
  event: string;
  message: string;
}

/**
 * Publications to other instances that the link (Redis, or PostgreSQL's NOTIFY) did not take yet. A publish happens after its
 * write committed, so its failure must not fail the write: the message waits here, in order,
 * and is retried with backoff and as soon as the circuit closes. Each failed message is logged
 * once, not at every retry.
 */
export class PublishOutbox {
  private readonly queue: Pending[] = [];
  private retryIn = FIRST_RETRY_MS;
  private timer?: NodeJS.Timeout;
  private flushing = false;
  private closed = false;

  constructor(
    private readonly send: (message: string) => Promise<unknown>,
    private readonly health: LinkHealth,
    private readonly log: Logger,
    /** What logs name as the dependency the messages wait for. */
    private readonly dependency: string,
  ) {
    health.onRestored(() => this.flush());
  }

  /**
   * Sends now when nothing is waiting and the link is usable, and resolves once the link took the
   * message (so a change answered to a client has reached the other instances before the client's
   * next request can), or once it is queued: never rejects, and waits no longer than a call over
   * the link may take.
   */
  async publish(event: string, message: string): Promise<void> {
    if (this.queue.length > 0 || !this.health.available) {
      this.enqueue({ event, message }, undefined);
      return;
    }
    await this.health.run(() => this.send(message)).catch((error: unknown) => this.enqueue({ event, message }, error));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private enqueue(pending: Pending, error: unknown): void {
    if (this.queue.length >= CAPACITY) {
      const dropped = this.queue.shift()!;
      this.log.error(
        { dependency: this.dependency, event: dropped.event },
        `event dropped: too many waiting for ${this.dependency} (instances resync on reconnect)`,
      );
    }
    this.queue.push(pending);
    this.log.warn(
      { err: error, dependency: this.dependency, event: pending.event, waiting: this.queue.length },
      `event not yet sent to other instances: ${this.dependency} is unreachable; will retry`,
    );
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.retryIn);
    this.timer.unref();
    this.retryIn = Math.min(this.retryIn * 2, LONGEST_RETRY_MS);
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.closed) return;
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        await this.health.run(() => this.send(this.queue[0]!.message));
        this.queue.shift();
      }
      this.retryIn = FIRST_RETRY_MS;
    } catch {
      this.schedule();
    } finally {
      this.flushing = false;
    }
  }
}
