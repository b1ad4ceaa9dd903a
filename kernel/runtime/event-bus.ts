import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { BusTransport, LinkHealth } from './bus-transport';
import { PublishOutbox } from './publish-outbox';

export type EventHandler = (payload: unknown) => void | Promise<void>;

/**
 * Events between modules. Handlers on this instance run at once; with a transport (Redis
 * pub/sub, or PostgreSQL LISTEN/NOTIFY without Redis) the event also reaches every other
 * instance (each ignores its own echo by instance id). Publishing never fails: what the
 * transport cannot take now waits in an outbox and is retried (publish-outbox.ts).
 */
export class EventBus {
  private readonly local = new EventEmitter();
  /** This process among the instances sharing the bus: events it sent come back to it, and are skipped. */
  readonly instanceId = randomUUID();
  private readonly outbox?: PublishOutbox;

  constructor(
    private readonly log: Logger,
    private readonly transport?: BusTransport,
  ) {
    this.local.setMaxListeners(0);
    if (transport) this.outbox = new PublishOutbox((message) => transport.send(message), transport.health, log, transport.dependency);
  }

  /** The link to the other instances, when there is one. */
  get link(): LinkHealth | undefined {
    return this.transport?.health;
  }

  async start(): Promise<void> {
    await this.transport?.listen((message) => {
      try {
        const { from, name, payload } = JSON.parse(message) as { from: string; name: string; payload: unknown };
        if (from !== this.instanceId) this.deliver(name, payload);
      } catch (error) {
        // Anyone who can write to the channel could send anything: it must not stop the subscriber.
        this.log.error({ err: error, dependency: this.transport?.dependency }, 'unreadable event on the event bus channel');
      }
    });
  }

  /**
   * Delivers here at once; resolves when the link has taken it for the other instances, or, if the
   * link is down, when it waits in the outbox for the link to be back. Never rejects.
   */
  async publish(name: string, payload: unknown): Promise<void> {
    this.deliver(name, payload);
    await this.outbox?.publish(name, JSON.stringify({ from: this.instanceId, name, payload }));
  }

  /** Stops retrying what waits for the link, and closes what the transport opened (the kernel is stopping). */
  async stop(): Promise<void> {
    this.outbox?.close();
    await this.transport?.close();
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
