import { inject, injectable, runAsPlatform, type ModuleContext } from '@atrium/kernel';
import { JobQueue } from './job-queue';
import { RunningTasks } from './running-tasks';
import { TaskRunner } from './task-runner';
import { announceTask } from './task-news';
import { claimTask } from './task-sql';
import type { Task } from './task.entity';
import { TasksContext } from './tasks-context';
import type { TasksConfig } from './tasks-config';

/**
 * This instance's workers: up to TASKS_CONCURRENCY handlers at once. When a slot is free it takes
 * due jobs and claims their tasks in one transaction — a job is never delivered without its task
 * changing to running with a lease, so a crash at any point leaves either a job to deliver again
 * or a lease to expire. It asks again at once after work (more may be due), when a handler
 * finishes or a task is submitted here, and otherwise every poll interval.
 */
@injectable()
export class TaskDispatcher {
  private config?: TasksConfig;
  private loop?: Promise<void>;
  private stopping = false;
  private woken = false;
  private wakeUp?: () => void;
  private readonly runs = new Set<Promise<void>>();
  private readonly queue: JobQueue;
  private readonly runner: TaskRunner;
  private readonly running: RunningTasks;

  constructor(@inject(TasksContext) private readonly ctx: ModuleContext) {
    this.queue = ctx.resolve(JobQueue);
    this.runner = ctx.resolve(TaskRunner);
    this.running = ctx.resolve(RunningTasks);
  }

  start(config: TasksConfig): void {
    this.config = config;
    this.stopping = false;
    if (config.concurrency > 0) this.loop = this.dispatch(config);
  }

  /** Something may be due: ask now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Stops taking work, waits for the running handlers up to the shutdown time, then aborts the
   * rest: each gives its task back (queued again, the attempt recorded as lost) before this returns.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    this.loop = undefined;
    if (this.runs.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.config?.shutdownMs ?? 0)));
    await Promise.race([Promise.all(this.runs), deadline]);
    clearTimeout(timer);
    this.running.abortAll('stopping');
    await Promise.all(this.runs);
  }

  private async dispatch(config: TasksConfig): Promise<void> {
    while (!this.stopping) {
      const free = config.concurrency - this.runs.size;
      if (free > 0 && (await this.claim(free, config)) === free) continue;
      await this.idle(config.pollMs);
    }
  }

  /**
   * Takes up to `count` jobs and starts their tasks; answers how many jobs were delivered. The
   * jobs are every tenant's, so they are taken and their tasks claimed as the platform; each
   * handler then runs in its task's tenant (TaskRunner).
   */
  private async claim(count: number, config: TasksConfig): Promise<number> {
    try {
      const { tasks, delivered } = await runAsPlatform(() =>
        this.ctx.db
          .em()
          .fork()
          .transactional(async (em) => {
            const jobs = await this.queue.take(em, count);
            const claimed: Task[] = [];
            for (const job of jobs) {
              const task = await claimTask(em, job.taskId, job.tenantId, job.id, config.leaseMs);
              // No task: a stale job (cancelled, run again or retried since it was sent, or its tenant deleted), done with.
              if (task) claimed.push(task);
            }
            return { tasks: claimed, delivered: jobs.length };
          }),
      );
      for (const task of tasks) {
        await announceTask(this.ctx, task);
        this.track(this.runner.execute(task, config));
      }
      return delivered;
    } catch (error) {
      this.ctx.log.error({ err: error }, 'taking due tasks failed; trying again at the next poll');
      return 0;
    }
  }

  private track(run: Promise<void>): void {
    const tracked: Promise<void> = run
      .catch((error: unknown) => this.ctx.log.error({ err: error }, 'a task run failed'))
      .finally(() => {
        this.runs.delete(tracked);
        this.wake();
      });
    this.runs.add(tracked);
  }

  /** Waits for a wake or `ms`; at once when woken since the last wait. */
  private idle(ms: number): Promise<void> {
    if (this.woken || this.stopping) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}
