import { AppError, KernelErrors, Type, defineRoute } from '@atrium/kernel';

/** Liveness: the process answers. Probes call it constantly, so it is never rate limited. */
export const health = defineRoute({
  method: 'GET',
  path: '/system/health',
  public: true,
  rateLimit: false,
  summary: 'Liveness: the process is up',
  response: Type.Object({ status: Type.Literal('up') }),
  handler: () => ({ status: 'up' as const }),
});

/** Readiness: migrations ran before the server listened, so what is left to check is the database. */
export const ready = defineRoute({
  method: 'GET',
  path: '/system/ready',
  public: true,
  rateLimit: false,
  summary: 'Readiness: the database answers and migrations are applied',
  response: Type.Object({ status: Type.Literal('ready'), database: Type.Boolean() }),
  errors: [KernelErrors.SYSTEM_UNAVAILABLE_503],
  handler: async (_req, ctx) => {
    if (!(await ctx.kernel.databaseReachable())) {
      throw new AppError(KernelErrors.SYSTEM_UNAVAILABLE_503, { details: [{ rule: 'database', message: 'the database does not answer' }] });
    }
    return { status: 'ready' as const, database: true };
  },
});

export const info = defineRoute({
  method: 'GET',
  path: '/system/info',
  permission: 'system:info:query',
  summary: 'The instance: version, runtime, database and uptime',
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
    const modules = ctx.kernel.modules();
    const enabled = modules.filter((m) => m.status === 'enabled').length;
    return { ...ctx.kernel.info(), modules: { enabled, disabled: modules.length - enabled } };
  },
});
