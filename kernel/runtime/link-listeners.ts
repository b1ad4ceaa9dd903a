import type { Logger } from 'pino';

/**
 * The listeners half of a link's health (RedisHealth, the database link's): who wants to hear that a link to the other instances (Redis, the database's LISTEN) was lost or
 * is back: caches drop what they hold, the kernel resyncs. A listener's failure is logged, never
 * thrown at the link.
 */
export class LinkListeners {
  private readonly restored = new Set<() => void | Promise<void>>();
  private readonly lost = new Set<() => void>();

  constructor(
    protected readonly log: Logger,
    private readonly dependency: string,
  ) {}

  onRestored(listener: () => void | Promise<void>): () => void {
    this.restored.add(listener);
    return () => this.restored.delete(listener);
  }

  onLost(listener: () => void): () => void {
    this.lost.add(listener);
    return () => this.lost.delete(listener);
  }

  protected tellLost(): void {
    for (const listener of this.lost) listener();
  }

  protected tellRestored(): void {
    for (const listener of this.restored) {
      Promise.resolve()
        .then(listener)
        .catch((error: unknown) => this.log.error({ err: error, dependency: this.dependency }, `resync after ${this.dependency} came back failed`));
    }
  }
}
