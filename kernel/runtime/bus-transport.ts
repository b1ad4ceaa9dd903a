/**
 * Whether the link that carries events between instances works now, and word when it is lost
 * and back: caches shorten their lifetimes while invalidations cannot arrive, and resync after.
 * RedisHealth is one; the PostgreSQL link has its own.
 */
export interface LinkHealth {
  readonly available: boolean;
  /** Runs a call over the link; rejects at once when the link is known to be down. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Each time the link is back after being lost: what may have been missed is re-read. */
  onRestored(listener: () => void | Promise<void>): () => void;
  /** Each time the link is lost. */
  onLost(listener: () => void): () => void;
}

/** How the event bus reaches the other instances: Redis pub/sub, or PostgreSQL LISTEN/NOTIFY. */
export interface BusTransport {
  /** What logs name as the dependency (`redis`, `database`). */
  readonly dependency: string;
  readonly health: LinkHealth;
  /** Starts hearing every instance's messages, this one's own included. */
  listen(onMessage: (message: string) => void): Promise<void>;
  send(message: string): Promise<unknown>;
  /** Stops listening and closes what the transport opened itself. */
  close(): Promise<void>;
}
