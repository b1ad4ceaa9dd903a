import { AppError, KernelErrors, Paginated, Type, defineRoute, type ModuleSummary } from '@atrium/kernel';
import { ModuleDetailSchema, ModuleIdParams, ModuleSchema } from './schemas';

export const listModules = defineRoute({
  method: 'GET',
  path: '/system/modules',
  permission: 'system:module:list',
  summary: 'Every loaded module, in load order unless sorted',
  description:
    'Every module the kernel loaded, built-in, dropped in or generated, with its state, version and dependencies. Filters and sort fields are listed with the parameters.',
  query: Type.Object({
    status: Type.Optional(Type.Union([Type.Literal('enabled'), Type.Literal('disabled')])),
    keyword: Type.Optional(Type.String({ maxLength: 128, description: 'Part of the id or name.' })),
  }),
  list: { sort: { id: 'id', name: 'name', status: 'status' } },
  response: Paginated(ModuleSchema),
  handler: ({ query, page }, ctx) => {
    const keyword = query.keyword?.toLowerCase();
    const modules = ctx.kernel.modules
      .list()
      .filter((m) => query.status === undefined || m.status === query.status)
      .filter((m) => keyword === undefined || m.id.includes(keyword) || m.name.toLowerCase().includes(keyword));
    return page.slice(modules);
  },
});

export const getModule = defineRoute({
  method: 'GET',
  path: '/system/modules/{id}',
  permission: 'system:module:query',
  summary: 'One module: state, dependencies, dependents, permissions, menus and applied migrations',
  description: "The module's state, version, what it depends on and what depends on it, the permissions and menus it declares and the migrations applied.",
  params: ModuleIdParams,
  response: ModuleDetailSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: async ({ params }, ctx) => {
    const module = found(ctx.kernel.modules.get(params.id), params.id);
    const applied = await ctx.kernel.modules.appliedMigrations();
    return { ...module, migrationsApplied: applied.get(module.id) ?? [] };
  },
});

export const enableModule = defineRoute({
  method: 'POST',
  path: '/system/modules/{id}/enable',
  permission: 'system:module:edit',
  summary: 'Enables a module whose dependencies are all enabled',
  description:
    'Its routes, menus and permissions come back at once, on every instance. A module whose dependencies are not all enabled is 409 SYSTEM_MODULE_DEPENDENCY_CONFLICT_409 naming them.',
  params: ModuleIdParams,
  response: ModuleSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, KernelErrors.SYSTEM_MODULE_DEPENDENCY_CONFLICT_409],
  handler: ({ params }, ctx) => ctx.kernel.lifecycle.enable(params.id),
});

export const disableModule = defineRoute({
  method: 'POST',
  path: '/system/modules/{id}/disable',
  permission: 'system:module:edit',
  summary: 'Disables a module no enabled module depends on: its routes, menus and permissions leave at once',
  description:
    'Its routes answer 404 and leave /v3/api-docs, its menus leave /me/menus, on every instance. A module an enabled module depends on is 409 SYSTEM_MODULE_DEPENDENCY_CONFLICT_409; an essential one (system) is 409 SYSTEM_MODULE_ESSENTIAL_409.',
  params: ModuleIdParams,
  response: ModuleSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, KernelErrors.SYSTEM_MODULE_DEPENDENCY_CONFLICT_409, KernelErrors.SYSTEM_MODULE_ESSENTIAL_409],
  handler: ({ params }, ctx) => ctx.kernel.lifecycle.disable(params.id),
});

function found(module: ModuleSummary | undefined, id: string): ModuleSummary {
  if (!module) throw new AppError(KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, { details: [{ field: '/params/id', message: `no module "${id}"` }] });
  return module;
}
