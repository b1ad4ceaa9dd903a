import type { EventBus } from './event-bus';

const INVALIDATE = 'kernel.cache-invalidated';

interface Entry {
  value: unknown;
  expiresAt: number;
}

/**
 * A per-instance cache whose invalidations travel on the event bus, so a change on one instance
 * drops the stale copy on every instance at once (through Redis when it is configured).
 * Values stay in process memory: reads cost no network round trip.
 */
export class CacheHub {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation, so a load that raced one does not store a stale value. */
  generation = 0;

  constructor(private readonly events: EventBus) {
    events.subscribe(INVALIDATE, (payload) => {
      const { key, prefix } = payload as { key?: string; prefix?: string };
      this.generation += 1;
      if (key !== undefined) this.entries.delete(key);
      if (prefix !== undefined) this.dropPrefix(prefix);
    });
  }

  /** A view of the cache whose keys are confined to one namespace (a module's id). */
  namespace(name: string): ModuleCache {
    return new ModuleCache(this, `${name}:`);
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
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
  }

  async invalidate(key: string): Promise<void> {
    await this.events.publish(INVALIDATE, { key });
  }

  async invalidatePrefix(prefix: string): Promise<void> {
    await this.events.publish(INVALIDATE, { prefix });
  }

  private dropPrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

const DEFAULT_TTL_MS = 10 * 60 * 1000;

/** The `cache` capability as a module sees it. */
export class ModuleCache {
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(private readonly hub: CacheHub, private readonly prefix: string) {}

  get<T>(key: string): T | undefined {
    return this.hub.read(this.prefix + key) as T | undefined;
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
}
