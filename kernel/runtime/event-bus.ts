import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { PublishOutbox } from './publish-outbox';
import type { RedisConnections } from './redis';

export type EventHandler = (payload: unknown) => void | Promise<void>;

/**
 * Events between modules. Handlers on this instance run at once; with Redis the event also
 * reaches every other instance (each ignores its own echo by instance id). Publishing never
 * fails: what Redis cannot take now waits in an outbox and is retried (publish-outbox.ts).
 */
export class EventBus {
  private readonly local = new EventEmitter();
  /** This process among the instances sharing the bus: events it sent come back to it, and are skipped. */
  readonly instanceId = randomUUID();
  /**
   * Redis pub/sub ignores the database number, so the channel carries it: deployments sharing
   * one Redis through different database numbers (`redis://host/1`, `/2`) keep their keys and
   * their events apart.
   */
  private readonly channel: string;
  private readonly outbox?: PublishOutbox;

  constructor(
    private readonly log: Logger,
    private readonly redis?: RedisConnections,
  ) {
    this.local.setMaxListeners(0);
    this.channel = `atrium:events:${redis?.command.options.db ?? 0}`;
    if (redis) this.outbox = new PublishOutbox((message) => redis.command.publish(this.channel, message), redis.health, log);
  }

  async start(): Promise<void> {
    if (!this.redis) return;
    await this.redis.subscriber.subscribe(this.channel);
    this.redis.subscriber.on('message', (channel, message) => {
      if (channel !== this.channel) return;
      try {
        const { from, name, payload } = JSON.parse(message) as { from: string; name: string; payload: unknown };
        if (from !== this.instanceId) this.deliver(name, payload);
      } catch (error) {
        // Anyone who can write to the channel could send anything: it must not stop the subscriber.
        this.log.error({ err: error, dependency: 'redis' }, 'unreadable event on the event bus channel');
      }
    });
  }

  /** Delivers here at once; other instances get it now or, if Redis is unreachable, when it is back. */
  async publish(name: string, payload: unknown): Promise<void> {
    this.deliver(name, payload);
    this.outbox?.publish(name, JSON.stringify({ from: this.instanceId, name, payload }));
  }

  /** Stops retrying what waits for Redis (the kernel is stopping). */
  stop(): void {
    this.outbox?.close();
  }

  subscribe(name: string, handler: EventHandler): () => void {
    const listener = (payload: unknown) => {
      Promise.resolve()
        .then(() => handler(payload))
        .catch((error: unknown) => this.log.error({ err: error, event: name }, 'event handler failed'));
    };
    this.local.on(name, listener);
    return () => this.local.off(name, listener);
  }

  private deliver(name: string, payload: unknown): void {
    this.local.emit(name, payload);
  }
}
