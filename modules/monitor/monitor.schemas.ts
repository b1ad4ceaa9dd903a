import { Type, named } from '@atrium/kernel';

const Bytes = Type.Integer({ minimum: 0 });
const Millis = Type.Number({ minimum: 0 });

export const InstanceSchema = named(
  'MonitorInstance',
  Type.Object({
    instanceId: Type.String({ description: 'Unique per process start.' }),
    self: Type.Boolean({ description: 'The instance that answered: its figures are of now, the others’ of their last report.' }),
    reportedAt: Type.String({ format: 'date-time' }),
    hostname: Type.String(),
    pid: Type.Integer(),
    node: Type.String({ description: 'The Node.js version.' }),
    startedAt: Type.String({ format: 'date-time' }),
    uptimeSeconds: Type.Integer({ minimum: 0 }),
    process: Type.Object({
      cpuPercent: Type.Number({ minimum: 0, description: 'A share of one core over the last ten seconds: 200 on two busy cores.' }),
      rssBytes: Bytes,
      heapUsedBytes: Bytes,
      heapTotalBytes: Bytes,
      externalBytes: Bytes,
    }),
    host: Type.Object({
      cpuCount: Type.Integer({ minimum: 1 }),
      cpuPercent: Type.Number({ minimum: 0, maximum: 100, description: 'The share of all the host’s cores over the last ten seconds.' }),
      loadAverage: Type.Array(Type.Number({ minimum: 0 }), { description: '1, 5 and 15 minutes.' }),
      memoryTotalBytes: Bytes,
      memoryFreeBytes: Bytes,
    }),
    eventLoop: Type.Object(
      { meanMs: Millis, p99Ms: Millis, maxMs: Millis },
      { description: 'How late the event loop ran timers over the last ten seconds: what every request waits too.' },
    ),
    database: Type.Object({
      kind: Type.Union([Type.Literal('embedded'), Type.Literal('postgresql')]),
      version: Type.String(),
      pool: Type.Object(
        { max: Type.Integer({ minimum: 0 }), used: Type.Integer({ minimum: 0 }), free: Type.Integer({ minimum: 0 }), pending: Type.Integer({ minimum: 0 }) },
        { description: '`pending`: queries waiting for a connection.' },
      ),
    }),
    redis: Type.Object({
      configured: Type.Boolean({ description: 'Whether REDIS_URL is set.' }),
      up: Type.Boolean(),
      circuit: Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('half-open'), Type.Null()]),
    }),
  }),
);

export const CacheSchema = named(
  'MonitorCache',
  Type.Object({
    name: Type.String({ description: 'The id of the module whose cache it is.' }),
    entries: Type.Integer({ minimum: 0, description: 'Live entries, summed over the instances.' }),
    hits: Type.Integer({ minimum: 0, description: 'Reads that found their value since each instance started, summed.' }),
    misses: Type.Integer({ minimum: 0 }),
    hitRatio: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { description: 'hits / (hits + misses); null before any read.' }),
  }),
);
