import os from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { Database } from '../db/database';
import type { RedisHealth } from './redis-health';

/** The window CPU shares and event-loop delays are measured over, so each figure says "lately". */
const WINDOW_MS = 10_000;
const MS_PER_NS = 1e-6;

/** One instance as `ctx.kernel.monitor.instance()` answers it. */
export interface InstanceFigures {
  /** Unique per process start: another start of the same host and pid is another instance. */
  instanceId: string;
  hostname: string;
  pid: number;
  node: string;
  startedAt: string;
  uptimeSeconds: number;
  /** `cpuPercent` is a share of one core (200 on two busy cores), over the last ten seconds. */
  process: { cpuPercent: number; rssBytes: number; heapUsedBytes: number; heapTotalBytes: number; externalBytes: number };
  /** `cpuPercent` is the share of all the host's cores, over the last ten seconds. */
  host: { cpuCount: number; cpuPercent: number; loadAverage: number[]; memoryTotalBytes: number; memoryFreeBytes: number };
  /** Event-loop delay over the last ten seconds: how late timers ran, which requests feel too. */
  eventLoop: { meanMs: number; p99Ms: number; maxMs: number };
  database: { kind: 'embedded' | 'postgresql'; version: string; pool: { max: number; used: number; free: number; pending: number } };
  /** `circuit` is null without REDIS_URL. */
  redis: { configured: boolean; up: boolean; circuit: 'closed' | 'open' | 'half-open' | null };
}

interface Sources {
  instanceId: string;
  startedAt: Date;
  db: Database;
  /** Absent without REDIS_URL. */
  redis?: RedisHealth;
}

interface CpuSample {
  at: bigint;
  process: NodeJS.CpuUsage;
  host: { idle: number; total: number };
}

interface Window {
  processCpu: number;
  hostCpu: number;
  loop: InstanceFigures['eventLoop'];
}

/**
 * What this instance reports about itself: process and host CPU and memory, event-loop delay,
 * uptime, the database (its version, the pool in use) and Redis. CPU and event-loop delay are
 * shares and percentiles over the last full window (WINDOW_MS), so two reads a moment apart
 * agree and none resets what another reader sees.
 */
export class InstanceFigureSource {
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  private timer?: NodeJS.Timeout;
  private last: CpuSample = sampleCpu();
  /** The last full window; until one has passed, what was measured since the start. */
  private window?: Window;
  private databaseVersion?: Promise<string>;

  constructor(private readonly sources: Sources) {}

  start(): void {
    if (this.timer) return;
    this.loop.enable();
    this.last = sampleCpu();
    this.timer = setInterval(() => this.closeWindow(), WINDOW_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.loop.disable();
  }

  async read(): Promise<InstanceFigures> {
    const { instanceId, startedAt, db, redis } = this.sources;
    const memory = process.memoryUsage();
    const window = this.window ?? this.measure();
    return {
      instanceId,
      hostname: os.hostname(),
      pid: process.pid,
      node: process.version,
      startedAt: startedAt.toISOString(),
      uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
      process: {
        cpuPercent: window.processCpu,
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        heapTotalBytes: memory.heapTotal,
        externalBytes: memory.external,
      },
      host: {
        cpuCount: os.availableParallelism(),
        cpuPercent: window.hostCpu,
        loadAverage: os.loadavg().map((load) => round(load, 2)),
        memoryTotalBytes: os.totalmem(),
        memoryFreeBytes: os.freemem(),
      },
      eventLoop: window.loop,
      database: { kind: db.embedded ? 'embedded' : 'postgresql', version: await this.version(), pool: poolUse(db) },
      redis: redis ? { configured: true, up: redis.available, circuit: redis.state } : { configured: false, up: false, circuit: null },
    };
  }

  private closeWindow(): void {
    this.window = this.measure();
    this.last = sampleCpu();
    this.loop.reset();
  }

  /** CPU shares and event-loop delays from the last sample until now. */
  private measure(): Window {
    const now = sampleCpu();
    const elapsedMicros = Number(now.at - this.last.at) / 1000;
    const processMicros = now.process.user - this.last.process.user + now.process.system - this.last.process.system;
    const hostTotal = now.host.total - this.last.host.total;
    const hostBusy = hostTotal - (now.host.idle - this.last.host.idle);
    // The histogram is empty until its first sample: NaN percentiles, which JSON cannot carry.
    const delay = (ns: number) => (Number.isFinite(ns) && this.loop.count > 0 ? round(ns * MS_PER_NS, 2) : 0);
    return {
      // A share of one core, as `top` shows a process: 200 on two busy cores.
      processCpu: elapsedMicros > 0 ? round((processMicros / elapsedMicros) * 100, 1) : 0,
      hostCpu: hostTotal > 0 ? round((hostBusy / hostTotal) * 100, 1) : 0,
      loop: { meanMs: delay(this.loop.mean), p99Ms: delay(this.loop.percentile(99)), maxMs: delay(this.loop.max) },
    };
  }

  /** Asked once: the server does not change version under a running instance. */
  private version(): Promise<string> {
    this.databaseVersion ??= this.sources.db.orm.em
      .fork()
      .getConnection()
      .execute<{ server_version: string }[]>('show server_version')
      .then(([row]) => row.server_version)
      .catch((error: unknown) => {
        this.databaseVersion = undefined;
        throw error;
      });
    return this.databaseVersion.catch(() => 'unknown (the database does not answer)');
  }
}

/** The ORM's pool as knex's tarn pool counts it. */
function poolUse(db: Database): InstanceFigures['database']['pool'] {
  const pool = (db.orm.em.getConnection().getKnex().client as { pool?: TarnPool }).pool;
  if (!pool) return { max: 0, used: 0, free: 0, pending: 0 };
  return { max: pool.max, used: pool.numUsed(), free: pool.numFree(), pending: pool.numPendingAcquires() };
}

interface TarnPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

function sampleCpu(): CpuSample {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { at: process.hrtime.bigint(), process: process.cpuUsage(), host: { idle, total } };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
