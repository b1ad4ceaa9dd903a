import { inject, injectable, type ModuleContext } from '@atrium/kernel';
import { JobQueue } from './job-queue';
import { LeaseReaper } from './lease-reaper';
import { RunningTasks } from './running-tasks';
import { TASK_CANCELLED } from './task-actions';
import { TaskDispatcher } from './task-dispatcher';
import { TaskTypes } from './task-types';
import { TasksContext } from './tasks-context';
import { readTasksConfig } from './tasks-config';

/**
 * What runs in the background on every instance: pg-boss (schema and maintenance), the workers,
 * the lease reaper, and the listener that aborts a handler cancelled on another instance.
 */
@injectable()
export class TasksRuntime {
  private unsubscribe?: () => void;

  constructor(@inject(TasksContext) private readonly ctx: ModuleContext) {}

  /** Refuses to start (so the boot, or enabling the module) on bad settings or clashing task types. */
  async start(): Promise<void> {
    const ctx = this.ctx;
    const config = readTasksConfig(ctx.environment);
    ctx.resolve(TaskTypes).assertValid();
    await ctx.resolve(JobQueue).start();
    try {
      const running = ctx.resolve(RunningTasks);
      this.unsubscribe = ctx.events.subscribe(`${ctx.id}.${TASK_CANCELLED}`, (payload) => {
        const taskId = (payload as { taskId?: unknown } | null)?.taskId;
        if (typeof taskId === 'string') running.abort(taskId, 'cancelled');
      });
      // A CLI command's kernel submits tasks but takes none: it would drop them when it exits.
      if (ctx.environment.background) {
        ctx.resolve(TaskDispatcher).start(config);
        ctx.resolve(LeaseReaper).start(config);
      }
    } catch (error) {
      // A module whose start() fails is not stopped by the kernel: release what was taken.
      await this.stop();
      throw error;
    }
  }

  /** The reverse: no more reaping or taking work, running handlers finished or given back, pg-boss stopped. */
  async stop(): Promise<void> {
    await this.ctx.resolve(LeaseReaper).stop();
    await this.ctx.resolve(TaskDispatcher).stop();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.ctx.resolve(JobQueue).stop();
  }
}
