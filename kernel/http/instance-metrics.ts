import { Counter, Gauge, type Registry } from 'prom-client';
import type { InstanceFigures } from '../runtime/instance-figures';
import type { CacheStats } from '../runtime/cache-usage';

interface Sources {
  figures: () => Promise<InstanceFigures>;
  caches: () => CacheStats[];
  /** Whether REDIS_URL is set: without it there is no Redis gauge to mislead. */
  redis: boolean;
  /** Live event streams (GET /me/events) open on this instance. */
  eventStreams: () => number;
}

/**
 * The figures `GET /monitor/server` and `GET /monitor/caches` show, for Prometheus: read at each
 * scrape. The process's own CPU, memory, event-loop delay and uptime are prom-client's default
 * metrics (`process_*`, `nodejs_*`), so they are not repeated here.
 */
export function registerInstanceMetrics(registry: Registry, sources: Sources): void {
  const registers = [registry];
  // One read per scrape, shared by every gauge below that the same scrape collects.
  let scrape: Promise<InstanceFigures> | undefined;
  const figures = () => {
    scrape ??= sources.figures().finally(() => setImmediate(() => (scrape = undefined)));
    return scrape;
  };

  new Gauge({
    name: 'atrium_host_cpu_usage_ratio',
    help: "Share of all the host's cores in use over the last ten seconds (0 to 1).",
    registers,
    async collect() {
      this.set((await figures()).host.cpuPercent / 100);
    },
  });
  new Gauge({
    name: 'atrium_host_memory_bytes',
    help: 'Host memory, by state (total, free).',
    labelNames: ['state'],
    registers,
    async collect() {
      const { host } = await figures();
      this.set({ state: 'total' }, host.memoryTotalBytes);
      this.set({ state: 'free' }, host.memoryFreeBytes);
    },
  });
  new Gauge({
    name: 'atrium_host_load_average',
    help: 'Host load average, by period (1m, 5m, 15m).',
    labelNames: ['period'],
    registers,
    async collect() {
      const [one, five, fifteen] = (await figures()).host.loadAverage;
      this.set({ period: '1m' }, one);
      this.set({ period: '5m' }, five);
      this.set({ period: '15m' }, fifteen);
    },
  });
  new Gauge({
    name: 'atrium_database_info',
    help: 'The database this instance uses: always 1, its kind and server version as labels.',
    labelNames: ['kind', 'version'],
    registers,
    async collect() {
      const { database } = await figures();
      this.reset();
      this.set({ kind: database.kind, version: database.version }, 1);
    },
  });
  new Gauge({
    name: 'atrium_database_pool_connections',
    help: "The ORM's connection pool, by state (max, used, free, pending: requests waiting for a connection).",
    labelNames: ['state'],
    registers,
    async collect() {
      const { pool } = (await figures()).database;
      for (const state of ['max', 'used', 'free', 'pending'] as const) this.set({ state }, pool[state]);
    },
  });
  if (sources.redis) {
    new Gauge({
      name: 'atrium_redis_up',
      help: 'Whether Redis may be used now (1: its circuit is closed).',
      registers,
      async collect() {
        this.set((await figures()).redis.up ? 1 : 0);
      },
    });
  }
  new Gauge({
    name: 'atrium_cache_entries',
    help: 'Live entries of each named cache on this instance.',
    labelNames: ['cache'],
    registers,
    collect() {
      this.reset();
      for (const cache of sources.caches()) this.set({ cache: cache.name }, cache.entries);
    },
  });
  new Gauge({
    name: 'atrium_event_streams',
    help: 'Live event streams (GET /me/events) open on this instance.',
    registers,
    collect() {
      this.set(sources.eventStreams());
    },
  });
  new Counter({
    name: 'atrium_cache_reads_total',
    help: 'Reads of each named cache since the instance started, by result (hit, miss).',
    labelNames: ['cache', 'result'],
    registers,
    collect() {
      this.reset();
      for (const cache of sources.caches()) {
        this.inc({ cache: cache.name, result: 'hit' }, cache.hits);
        this.inc({ cache: cache.name, result: 'miss' }, cache.misses);
      }
    },
  });
}
