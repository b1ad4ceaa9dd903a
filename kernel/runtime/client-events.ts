import { PassThrough, type Readable } from 'node:stream';
import type { Logger } from 'pino';
import { newId } from '../db/ids';
import { DEFAULT_TENANT_ID } from '../db/tenancy/tenancy-names';
import type { EventBus } from './event-bus';
import { FanOutQueue } from './fan-out-queue';

/**
 * Who an event is for. Session ids and the tenant of a user are checked against the stream's
 * own caller, never taken from the client: a stream only ever carries its caller's events.
 */
export type ClientAudience =
  /** Every open stream, whatever its tenant (a module enabled or disabled). */
  | { everyone: true }
  /** These sessions, whichever tenant they act in (a session's ids are unique everywhere). */
  | { sessionIds: readonly string[] }
  /** A tenant's users: those named, those in any of the groups named, or (naming neither) all of them. */
  | { tenantId: string; userIds?: readonly string[]; groups?: readonly string[] };

export interface ClientEvent {
  /** Time-ordered and unique across instances: what a client sends back as `Last-Event-ID`. */
  id: string;
  name: string;
  data: unknown;
  audience: ClientAudience;
  /** The streams it reaches end after it (`session.revoked`: the credential is gone). */
  ends?: true;
}

/** The caller a stream was opened for, as authenticated. */
export interface StreamViewer {
  userId: string;
  tenantId?: string;
  sessionId?: string;
  /** The caller's audience groups (Principal.groups). */
  groups?: readonly string[];
}

export interface ClientEventOptions {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** Events kept for `Last-Event-ID` resume, newest last. */
  replayLimit?: number;
}

/** The bus event every instance's streams are fed from. */
const CLIENT_EVENT = 'kernel.client-event';
/** A client that reads nothing for this much output is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long a client waits before reconnecting after the stream ends (the SSE `retry` field). */
const RETRY_MS = 3_000;
/**
 * Each stream's heartbeat comes at one of this many offsets in the interval, so a beat writes to
 * a tenth of the streams ten times an interval rather than to all of them at once.
 */
const HEARTBEAT_SLOTS = 10;

interface OpenStream {
  viewer: StreamViewer;
  out: PassThrough;
  /** The heartbeat offset it was given. */
  slot: Set<OpenStream>;
}

/**
 * The server-sent event streams open on this instance, fed from the event bus so that an event
 * pushed on any instance reaches its audience's streams on every instance. Each instance keeps
 * the last events it saw, so a client reconnecting with `Last-Event-ID` (to this instance or
 * another) is sent what it missed, as far back as that window goes.
 */
export class ClientEventHub {
  private readonly streams = new Set<OpenStream>();
  private readonly recent: ClientEvent[] = [];
  /** Heartbeats and events go out a slice of the streams per turn, never a thousand at once. */
  private readonly writes = new FanOutQueue<OpenStream>();
  private readonly heartbeatSlots = Array.from({ length: HEARTBEAT_SLOTS }, () => new Set<OpenStream>());
  private beats = 0;
  private opened = 0;
  private readonly replayLimit: number;
  private heartbeat?: NodeJS.Timeout;
  private unsubscribe?: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly log: Logger,
    private readonly options: ClientEventOptions,
  ) {
    this.replayLimit = options.replayLimit ?? 1_000;
  }

  start(): void {
    this.unsubscribe = this.bus.subscribe(CLIENT_EVENT, (payload) => this.deliver(payload as ClientEvent));
    this.heartbeat = setInterval(() => this.beat(), Math.max(1, Math.round(this.options.heartbeatMs / HEARTBEAT_SLOTS))).unref();
  }

  /** Sends an event to its audience's streams on every instance. */
  push(name: string, data: unknown, audience: ClientAudience, options: { ends?: true } = {}): Promise<void> {
    const event: ClientEvent = { id: newId(), name, data, audience, ...(options.ends ? { ends: true } : {}) };
    return this.bus.publish(CLIENT_EVENT, event);
  }

  /**
   * A new stream for `viewer`: what it missed since `lastEventId` first (when this instance still
   * holds that event), then each event for it as it comes. Ends when the client goes, when an
   * event for it says so, or when the instance stops.
   */
  open(viewer: StreamViewer, lastEventId?: string): Readable {
    const out = new PassThrough();
    // A client gone mid-write is not an error of the server's: its stream just closes.
    out.on('error', () => undefined);
    const stream: OpenStream = { viewer, out, slot: this.heartbeatSlots[this.opened++ % HEARTBEAT_SLOTS] };
    out.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    const seen = lastEventId === undefined ? -1 : this.recent.findIndex((event) => event.id === lastEventId);
    if (seen >= 0) for (const event of this.recent.slice(seen + 1)) if (isFor(event, viewer)) this.send(stream, event);
    if (out.writableEnded) return out;
    this.streams.add(stream);
    stream.slot.add(stream);
    out.on('close', () => this.forget(stream));
    return out;
  }

  /** How many streams are open here (the metrics' gauge, tests). */
  get openStreams(): number {
    return this.streams.size;
  }

  /** Ends every stream (the instance is stopping: clients reconnect to another). */
  stop(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe?.();
    this.writes.clear();
    for (const stream of this.streams) stream.out.end();
    this.streams.clear();
    for (const slot of this.heartbeatSlots) slot.clear();
  }

  private deliver(event: ClientEvent): void {
    this.recent.push(event);
    if (this.recent.length > this.replayLimit) this.recent.shift();
    const audience = [...this.streams].filter((stream) => isFor(event, stream.viewer));
    const frame = frameOf(event);
    this.writes.add(audience, (stream) => this.send(stream, event, frame));
  }

  private send(stream: OpenStream, event: ClientEvent, frame = frameOf(event)): void {
    this.write(stream, frame);
    if (event.ends) {
      stream.out.end();
      this.forget(stream);
    }
  }

  private forget(stream: OpenStream): void {
    this.streams.delete(stream);
    stream.slot.delete(stream);
  }

  /** The heartbeat of the streams at this offset of the interval. */
  private beat(): void {
    const slot = this.heartbeatSlots[this.beats++ % HEARTBEAT_SLOTS];
    this.writes.add([...slot], (stream) => this.write(stream, ': heartbeat\n\n'));
  }

  private write(stream: OpenStream, text: string): void {
    if (stream.out.writableEnded || stream.out.destroyed) return;
    if (stream.out.writableLength > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: stream.viewer.userId }, 'an event stream reads too slowly: closed');
      stream.out.destroy();
      return;
    }
    stream.out.write(text);
  }
}

function frameOf(event: ClientEvent): string {
  return `id: ${event.id}\nevent: ${event.name}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`;
}

function isFor(event: ClientEvent, viewer: StreamViewer): boolean {
  const { audience } = event;
  if ('everyone' in audience) return true;
  if ('sessionIds' in audience) return viewer.sessionId !== undefined && audience.sessionIds.includes(viewer.sessionId);
  if (audience.tenantId !== (viewer.tenantId ?? DEFAULT_TENANT_ID)) return false;
  if (audience.userIds === undefined && audience.groups === undefined) return true;
  return (audience.userIds?.includes(viewer.userId) ?? false) || (audience.groups?.some((group) => viewer.groups?.includes(group)) ?? false);
}
