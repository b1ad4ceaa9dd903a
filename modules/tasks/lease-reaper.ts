import { inject, injectable, newId, runAsPlatform, type ModuleContext } from '@atrium/kernel';
import { JobQueue } from './job-queue';
import { TaskDispatcher } from './task-dispatcher';
import { expiredLeases, settleAttempt } from './task-sql';
import { TasksContext } from './tasks-context';
import type { TasksConfig } from './tasks-config';
import { announceTask } from './task-news';
import type { Task } from './task.entity';

/** Tasks settled per transaction; a larger backlog is taken in the next rounds. */
const BATCH = 100;
const LOST = 'the worker running it stopped answering: its lease ran out (the process was killed, or hung)';

/**
 * Gives back the tasks whose worker died: every half lease, on every instance, the running
 * tasks whose lease ran out are queued again under a new job (the attempt recorded as lost), or
 * failed when their attempts are used up. Rows are taken FOR UPDATE SKIP LOCKED, so two
 * instances never settle one task twice, and the old worker's writes are fenced off by the new
 * job. A task is therefore never left running by a worker that is gone.
 */
@injectable()
export class LeaseReaper {
  private timer?: NodeJS.Timeout;
  private reaping?: Promise<void>;
  private readonly queue: JobQueue;
  private readonly dispatcher: TaskDispatcher;

  constructor(@inject(TasksContext) private readonly ctx: ModuleContext) {
    this.queue = ctx.resolve(JobQueue);
    this.dispatcher = ctx.resolve(TaskDispatcher);
  }

  /** Reaps at once (a restart after a crash frees its tasks without waiting), then every half lease. */
  start(config: TasksConfig): void {
    this.reapInBackground();
    this.timer = setInterval(() => this.reapInBackground(), Math.max(Math.floor(config.leaseMs / 2), 100));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.reaping;
  }

  private reapInBackground(): void {
    this.reaping ??= this.reap()
      .catch((error: unknown) => this.ctx.log.error({ err: error }, 'reaping expired task leases failed; trying again later'))
      .finally(() => (this.reaping = undefined));
  }

  /**
   * As the platform: a timer runs in no tenant and would see no task, and the leases that ran out
   * are every tenant's. Settling changes rows in place, and the new job names the task's tenant.
   */
  private async reap(): Promise<void> {
    const reaped = await runAsPlatform(() =>
      this.ctx.db
        .em()
        .fork()
        .transactional(async (em) => {
          const settledTasks: Task[] = [];
          for (const { id, jobId } of await expiredLeases(em, BATCH)) {
            const nextJobId = newId();
            const settled = await settleAttempt(em, id, jobId, nextJobId, { outcome: 'lost', error: LOST, retryDelayMs: 0 });
            if (settled?.state === 'queued') await this.queue.send(em, nextJobId, settled, settled.runAt);
            if (settled) settledTasks.push(settled);
            this.ctx.log.warn({ taskId: id, tenantId: settled?.tenantId, state: settled?.state }, 'a running task lost its lease');
          }
          return settledTasks;
        }),
    );
    for (const task of reaped) await announceTask(this.ctx, task);
    if (reaped.some((task) => task.state === 'queued')) this.dispatcher.wake();
  }
}
