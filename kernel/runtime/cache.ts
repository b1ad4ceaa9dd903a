import type { EventBus } from './event-bus';
import type { LinkHealth } from './bus-transport';
import { CacheUsage, type CacheStats } from './cache-usage';
import { SharedCounters, type Counter } from './shared-counters';

const INVALIDATE = 'kernel.cache-invalidated';
/**
 * While Redis is unreachable no invalidation reaches this instance, so nothing is kept longer
 * than this: a change made elsewhere (a logout, a role change) holds here within a second, and a
 * busy key still costs one database read a second rather than one per request.
 */
export const OUTAGE_TTL_MS = 1000;

interface Entry {
  value: unknown;
  expiresAt: number;
}

/**
 * A per-instance cache whose invalidations travel on the event bus, so a change on one instance
 * drops the stale copy on every instance at once (through Redis when it is configured).
 * Values stay in process memory: reads cost no network round trip. The database is the truth:
 * when Redis is lost or comes back every entry is dropped (invalidations may have been missed
 * meanwhile), and during the outage entries live at most OUTAGE_TTL_MS.
 */
export class CacheHub {
  private readonly entries = new Map<string, Entry>();
  private readonly usage = new CacheUsage();
  /** Bumped by every invalidation, so a load that raced one does not store a stale value. */
  generation = 0;

  constructor(
    private readonly events: EventBus,
    readonly counters: SharedCounters = new SharedCounters(),
    private readonly link?: LinkHealth,
  ) {
    events.subscribe(INVALIDATE, (payload) => {
      const { key, prefix } = payload as { key?: string; prefix?: string };
      this.generation += 1;
      if (key !== undefined) this.entries.delete(key);
      if (prefix !== undefined) this.dropPrefix(prefix);
    });
    link?.onLost(() => this.clearHere());
    link?.onRestored(() => this.clearHere());
  }

  /** A view of the cache whose keys are confined to one namespace (a module's id). */
  namespace(name: string): ModuleCache {
    return new ModuleCache(this, name);
  }

  /** The named namespaces' entries held here (expired ones not counted) and their reads since start. */
  stats(names: readonly string[]): CacheStats[] {
    const now = Date.now();
    const entries = new Map<string, number>();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) continue;
      const name = key.slice(0, key.indexOf(':'));
      entries.set(name, (entries.get(name) ?? 0) + 1);
    }
    return this.usage.stats(names, entries);
  }

  /** Counts a read of a namespace's key: hit or miss. */
  counted(name: string, hit: boolean): void {
    this.usage.count(name, hit);
  }

  /** Drops a namespace's every key here and on every other instance. */
  clearNamespace(name: string): Promise<void> {
    return this.invalidatePrefix(`${name}:`);
  }

  read(key: string): unknown {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  write(key: string, value: unknown, ttlMs: number): void {
    const lifetime = this.link && !this.link.available ? Math.min(ttlMs, OUTAGE_TTL_MS) : ttlMs;
    this.entries.set(key, { value, expiresAt: Date.now() + lifetime });
  }

  async invalidate(key: string): Promise<void> {
    await this.events.publish(INVALIDATE, { key });
  }

  async invalidatePrefix(prefix: string): Promise<void> {
    await this.events.publish(INVALIDATE, { prefix });
  }

  /** Drops every entry of this instance only (what another instance cached is its own). */
  private clearHere(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private dropPrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

const DEFAULT_TTL_MS = 10 * 60 * 1000;

/** The `cache` capability as a module sees it. */
export class ModuleCache {
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly prefix: string;

  constructor(
    private readonly hub: CacheHub,
    private readonly moduleId: string,
  ) {
    this.prefix = `${moduleId}:`;
  }

  get<T>(key: string): T | undefined {
    const value = this.hub.read(this.prefix + key) as T | undefined;
    this.hub.counted(this.moduleId, value !== undefined);
    return value;
  }

  set<T>(key: string, value: T, ttlMs = DEFAULT_TTL_MS): void {
    this.hub.write(this.prefix + key, value, ttlMs);
  }

  /** The cached value, or the loader's (one load at a time per key). */
  async getOrLoad<T>(key: string, loader: () => Promise<T>, ttlMs = DEFAULT_TTL_MS): Promise<T> {
    const cached = this.get<T>(key);
    if (cached !== undefined) return cached;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.hub.generation;
    const load = loader()
      .then((value) => {
        if (generation === this.hub.generation) this.set(key, value, ttlMs);
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, load);
    return load;
  }

  /** Drops the key here and on every other instance. */
  invalidate(key: string): Promise<void> {
    return this.hub.invalidate(this.prefix + key);
  }

  /** Drops every key starting with `prefix` here and on every other instance. */
  invalidatePrefix(prefix: string): Promise<void> {
    return this.hub.invalidatePrefix(this.prefix + prefix);
  }

  /** Drops every key of the module here and on every other instance. */
  clear(): Promise<void> {
    return this.hub.invalidatePrefix(this.prefix);
  }

  /**
   * A fixed-window counter shared by every instance (through Redis when configured; counted per
   * instance while Redis is unreachable): limits such as failed logins. `name` is the module's own.
   */
  counter(name: string, limits: { points: number; windowSeconds: number }): Counter {
    return this.hub.counters.counter({ ...limits, keyPrefix: `atrium:${this.moduleId}:${name}` });
  }
}
