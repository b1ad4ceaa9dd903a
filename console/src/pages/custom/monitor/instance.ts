/** An instance as GET /monitor/server lists it (modules/monitor/README.md). */
export interface Instance {
  instanceId: string;
  /** The instance that answered: its figures are of now, the others’ of their last report. */
  self: boolean;
  reportedAt: string;
  hostname: string;
  pid: number;
  node: string;
  startedAt: string;
  uptimeSeconds: number;
  /** `cpuPercent` is a share of one core: 200 on two busy cores. */
  process: { cpuPercent: number; rssBytes: number; heapUsedBytes: number; heapTotalBytes: number; externalBytes: number };
  /** `cpuPercent` is a share of all the host’s cores. */
  host: { cpuCount: number; cpuPercent: number; loadAverage: number[]; memoryTotalBytes: number; memoryFreeBytes: number };
  eventLoop: { meanMs: number; p99Ms: number; maxMs: number };
  database: { kind: 'embedded' | 'postgresql'; version: string; pool: { max: number; used: number; free: number; pending: number } };
  redis: { configured: boolean; up: boolean; circuit: 'closed' | 'open' | 'half-open' | null };
}
