import { Client, Pool } from 'pg';
import type { Logger } from 'pino';
import type { BusTransport, LinkHealth } from './bus-transport';
import { LinkListeners } from './link-listeners';
import { NotifyReassembly, notifyParts } from './notify-parts';

/** NOTIFY reaches the sessions of one database only: deployments on other databases never hear it. */
const CHANNEL = 'atrium_events';
const CONNECT_TIMEOUT_MS = 1_000;
const SEND_TIMEOUT_MS = 2_000;
/** Reconnection waits grow by this much per attempt, up to LONGEST_WAIT_MS. */
const WAIT_STEP_MS = 100;
const LONGEST_WAIT_MS = 1_000;

/**
 * The event bus over PostgreSQL LISTEN/NOTIFY, for instances that share a database but no Redis.
 * One connection of its own listens (a pooled one would be handed to other statements) and is
 * reconnected at least once a second after it drops; a pool of one sends. What is published
 * while the listener is down waits in the bus's outbox, and when it is back the link counts as
 * restored: what was missed meanwhile is re-read from the database, as after a Redis outage.
 */
export class PgBusTransport implements BusTransport {
  readonly dependency = 'database';
  readonly health: PgLinkHealth;
  private readonly sender: Pool;
  private readonly reassembly = new NotifyReassembly();
  private listener?: Client;
  private onMessage: (message: string) => void = () => undefined;
  private reconnect?: NodeJS.Timeout;
  private attempts = 0;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {
    this.health = new PgLinkHealth(log);
    this.sender = new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: SEND_TIMEOUT_MS });
    // An idle sender connection that drops is replaced at the next send; its error is not one.
    this.sender.on('error', () => undefined);
  }

  async listen(onMessage: (message: string) => void): Promise<void> {
    this.onMessage = onMessage;
    await this.connect();
  }

  async send(message: string): Promise<void> {
    const parts = notifyParts(message);
    if (parts.length === 1) {
      await this.sender.query('select pg_notify($1, $2)', [CHANNEL, parts[0]]);
      return;
    }
    const client = await this.sender.connect();
    try {
      await client.query('begin');
      for (const part of parts) await client.query('select pg_notify($1, $2)', [CHANNEL, part]);
      await client.query('commit');
      client.release();
    } catch (error) {
      // A connection in an unknown state is not given back to the pool.
      client.release(error as Error);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnect);
    const listener = this.listener;
    this.listener = undefined;
    await Promise.allSettled([listener?.end(), this.sender.end()]);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.url, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', ({ channel, payload }) => {
      if (channel !== CHANNEL || payload === undefined || client !== this.listener) return;
      const message = this.reassembly.add(payload);
      if (message !== null) this.onMessage(message);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.attempts = 0;
    this.health.up();
  }

  private lost(client: Client, error?: Error): void {
    if (client !== this.listener || this.closed) return;
    this.listener = undefined;
    client.end().catch(() => undefined);
    this.health.down(error);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.attempts += 1;
    this.reconnect = setTimeout(
      () => {
        this.connect().catch(() => this.scheduleReconnect());
      },
      Math.min(this.attempts * WAIT_STEP_MS, LONGEST_WAIT_MS),
    );
    this.reconnect.unref();
  }
}

/** Up while the listener is connected and listening. */
export class PgLinkHealth extends LinkListeners implements LinkHealth {
  private listening = false;
  private everUp = false;

  constructor(log: Logger) {
    super(log, 'database');
  }

  get available(): boolean {
    return this.listening;
  }

  /** Sends do not wait on the listener: the pool reports its own failures. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  up(): void {
    this.listening = true;
    if (!this.everUp) {
      this.everUp = true;
      return;
    }
    this.log.info({ dependency: 'database' }, 'the event bus listens again: resyncing from the database');
    this.tellRestored();
  }

  down(error?: Error): void {
    if (!this.listening) return;
    this.listening = false;
    this.log.error({ err: error, dependency: 'database' }, 'the event bus lost its database connection: events from other instances wait until it is back');
    this.tellLost();
  }
}
