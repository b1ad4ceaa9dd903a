import type { ModuleContext } from '@atrium/kernel';

/**
 * The injection token of the tasks module's own context: the module's services are singletons of
 * its container (`ctx.resolve(TaskSubmitter)`), each built with the context it works through.
 */
export const TasksContext = 'tasks.ModuleContext';

/** Puts the context in the module's container, once; before any service is resolved. */
export function bindTasksContext(ctx: ModuleContext): ModuleContext {
  if (!ctx.container.isRegistered(TasksContext)) ctx.container.register(TasksContext, { useValue: ctx });
  return ctx;
}
