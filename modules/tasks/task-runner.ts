import { inject, injectable, newId, runInTenant, type EntityManager, type ModuleContext } from '@atrium/kernel';
import { TenantDirectoryApi } from '@atrium/module/tenants';
import type { TaskRun } from './api';
import { Heartbeat } from './heartbeat';
import { JobQueue } from './job-queue';
import { RunningTasks, TaskAborted } from './running-tasks';
import { announceTask } from './task-news';
import { settleAttempt, succeedTask, type Settlement } from './task-sql';
import { TaskTypes } from './task-types';
import type { Task } from './task.entity';
import { TasksContext } from './tasks-context';
import type { TasksConfig } from './tasks-config';

const ERROR_MAX_LENGTH = 2000;

type Outcome = { kind: 'succeeded'; result: unknown } | { kind: 'failed'; error: string } | { kind: 'aborted'; aborted: TaskAborted };

/**
 * Runs one claimed task's handler and records how it ended. Every write is fenced by the job that
 * claimed the task: a handler whose task was cancelled or taken away meanwhile changes nothing,
 * so a task succeeds at most once even when a handler ran twice (at-least-once execution).
 */
@injectable()
export class TaskRunner {
  private readonly types: TaskTypes;
  private readonly queue: JobQueue;
  private readonly running: RunningTasks;

  constructor(@inject(TasksContext) private readonly ctx: ModuleContext) {
    this.types = ctx.resolve(TaskTypes);
    this.queue = ctx.resolve(JobQueue);
    this.running = ctx.resolve(RunningTasks);
  }

  /**
   * Resolves once the outcome is recorded (or left to the reaper when recording failed). Runs in
   * the task's tenant: the handler, the heartbeat (whose timer inherits it) and every write of
   * the task see that tenant's rows only, whatever the worker was started from.
   */
  execute(task: Task, config: TasksConfig): Promise<void> {
    return runInTenant(task.tenantId, () => this.executeHere(task, config));
  }

  private async executeHere(task: Task, config: TasksConfig): Promise<void> {
    const jobId = task.jobId!;
    const log = this.ctx.log.child({ taskId: task.id, type: task.type, attempt: task.attempts });
    const controller = this.running.add(task.id);
    const heartbeat = new Heartbeat({
      em: () => this.em(),
      taskId: task.id,
      jobId,
      leaseMs: config.leaseMs,
      log,
      onLost: () => this.running.abort(task.id, 'lost'),
      onProgress: (now) => announceTask(this.ctx, now),
    });
    heartbeat.start();
    let outcome: Outcome;
    try {
      outcome = await this.runHandler(task, controller.signal, heartbeat, log);
    } finally {
      this.running.delete(task.id, controller);
      await heartbeat.stop();
    }
    try {
      await this.record(task, jobId, outcome, heartbeat, config);
    } catch (error) {
      // The lease runs out and the reaper settles the attempt as lost: never stuck in running.
      log.error({ err: error }, 'the outcome of a task could not be recorded');
    }
  }

  private async runHandler(task: Task, signal: AbortSignal, heartbeat: Heartbeat, log: TaskRun['log']): Promise<Outcome> {
    const handler = this.types.handler(task.type);
    const run: TaskRun = {
      taskId: task.id,
      createdBy: task.createdBy,
      attempt: task.attempts,
      signal,
      log,
      progress: (percent, message) => heartbeat.report(percent, message),
    };
    try {
      if (!handler) throw new Error(`task type "${task.type}" is not registered: the module that contributed it is disabled or gone`);
      // A stopped tenant's work does not run; the attempt fails and is retried like any other.
      if (!(await this.ctx.use(TenantDirectoryApi).byId(task.tenantId))?.usable) throw new Error('its tenant is disabled or expired');
      const result = await untilAborted(
        Promise.resolve().then(() => handler.run(task.payload, run)),
        signal,
      );
      // The result is stored as JSON: what cannot be is the handler's failure, not the worker's.
      JSON.stringify(result ?? null);
      return { kind: 'succeeded', result };
    } catch (error) {
      if (signal.aborted) return { kind: 'aborted', aborted: signal.reason as TaskAborted };
      return { kind: 'failed', error: messageOf(error) };
    }
  }

  private async record(task: Task, jobId: string, outcome: Outcome, heartbeat: Heartbeat, config: TasksConfig): Promise<void> {
    switch (outcome.kind) {
      case 'succeeded': {
        const progress = heartbeat.progress ? { percent: 100, message: heartbeat.progress.message } : null;
        const done = await succeedTask(this.em(), task.id, jobId, outcome.result, progress);
        if (done) await announceTask(this.ctx, done);
        else this.ctx.log.info({ taskId: task.id }, 'a handler finished a task that was no longer its own: its result is ignored');
        return;
      }
      case 'failed':
        return this.settle(task, jobId, { outcome: 'failed', error: outcome.error, retryDelayMs: config.retryDelayMs });
      case 'aborted':
        // Cancelled or taken away: whoever did it already recorded the attempt.
        if (outcome.aborted.abortCause !== 'stopping') return;
        return this.settle(task, jobId, { outcome: 'lost', error: 'the server stopped while the task ran', retryDelayMs: 0 });
    }
  }

  /** Requeues the task under a new job, due after the backoff, or fails it: one transaction. */
  private async settle(task: Task, jobId: string, settlement: Settlement): Promise<void> {
    const settled = await this.em().transactional(async (em) => {
      const nextJobId = newId();
      const after = await settleAttempt(em, task.id, jobId, nextJobId, settlement);
      if (after?.state === 'queued') await this.queue.send(em, nextJobId, after, after.runAt);
      return after;
    });
    if (settled) await announceTask(this.ctx, settled);
  }

  /** A clean EntityManager per unit of work, whatever context the worker was started from. */
  private em(): EntityManager {
    return this.ctx.db.em().fork();
  }
}

/** The handler's promise, or a rejection with the signal's reason as soon as it is aborted. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  return message.slice(0, ERROR_MAX_LENGTH);
}
