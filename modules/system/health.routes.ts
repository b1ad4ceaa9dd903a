import { AppError, KernelErrors, Type, defineRoute } from '@atrium/kernel';

/** Liveness: the process answers. Probes call it constantly, so it is never rate limited. */
export const health = defineRoute({
  method: 'GET',
  path: '/system/health',
  public: true,
  rateLimit: false,
  summary: 'Liveness: the process is up',
  description:
    'Public and never rate limited: 200 while the process serves HTTP, whatever its dependencies. Use `/system/ready` to decide whether to send traffic.',
  response: Type.Object({ status: Type.Literal('up') }),
  handler: () => ({ status: 'up' as const }),
});

const DependencySchema = Type.Object({
  name: Type.String({ description: '`database`, `redis` (when REDIS_URL is set), `storage` (assets), or what a module contributes.' }),
  up: Type.Boolean(),
  reason: Type.Optional(Type.String()),
});

/**
 * Readiness: migrations ran before the server listened, so what is left is whether each
 * dependency answers now. One that is down makes it 503 SYSTEM_UNAVAILABLE_503 with one detail
 * per dependency down (`rule` names it), within a second of the failure.
 */
export const ready = defineRoute({
  method: 'GET',
  path: '/system/ready',
  public: true,
  rateLimit: false,
  summary: 'Readiness: every dependency (database, Redis, storage) answers',
  description: 'A dependency down answers 503 SYSTEM_UNAVAILABLE_503 with one entry in `details` per dependency down, `rule` naming it.',
  response: Type.Object({ status: Type.Literal('ready'), database: Type.Boolean(), dependencies: Type.Array(DependencySchema) }),
  errors: [KernelErrors.SYSTEM_UNAVAILABLE_503],
  handler: async (_req, ctx) => {
    const dependencies = await ctx.kernel.health.readiness();
    const down = dependencies.filter((d) => !d.up);
    if (down.length > 0) {
      throw new AppError(KernelErrors.SYSTEM_UNAVAILABLE_503, {
        headers: { 'Retry-After': '1' },
        details: down.map((d) => ({ rule: d.name, message: d.reason ?? `${d.name} is down` })),
      });
    }
    return { status: 'ready' as const, database: true, dependencies };
  },
});

export const info = defineRoute({
  method: 'GET',
  path: '/system/info',
  permission: 'system:info:query',
  summary: 'The instance: version, runtime, database and uptime',
  description: 'The running version, Node.js runtime, database kind, uptime and how many modules are enabled and disabled.',
  response: Type.Object({
    name: Type.String(),
    version: Type.String(),
    node: Type.String(),
    environment: Type.String(),
    database: Type.Union([Type.Literal('embedded'), Type.Literal('postgresql')]),
    redis: Type.Boolean(),
    startedAt: Type.String({ format: 'date-time' }),
    uptimeSeconds: Type.Integer(),
    modules: Type.Object({ enabled: Type.Integer(), disabled: Type.Integer() }),
  }),
  handler: (_req, ctx) => {
    const modules = ctx.kernel.modules.list();
    const enabled = modules.filter((m) => m.status === 'enabled').length;
    return { ...ctx.kernel.health.info(), modules: { enabled, disabled: modules.length - enabled } };
  },
});
