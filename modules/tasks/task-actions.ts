import { AppError, checkVersion, newId, type ModuleContext } from '@atrium/kernel';
import type { TaskState, TaskView } from './api';
import { TaskErrors } from './errors';
import { JobQueue } from './job-queue';
import { RunningTasks } from './running-tasks';
import type { TaskCaller } from './task-caller';
import { TaskDispatcher } from './task-dispatcher';
import { TaskReader } from './task-reader';
import { announceTask } from './task-news';
import { closeOpenAttempt, transitionTask, type Transition } from './task-sql';
import { TaskTypes } from './task-types';
import { toTaskView } from './task-view';

export type TaskAction = 'run' | 'cancel' | 'retry';

/** The event that reaches the instance running a cancelled task, wherever the cancel arrived. */
export const TASK_CANCELLED = 'task-cancelled';

interface ActionSpec extends Omit<Transition, 'jobId'> {
  /** The task is queued again under a new job, due now: its handler runs, so the caller needs the type's permission. */
  queues: boolean;
}

/** Each action: where from, what it sets. Any other state is 409 TASK_INVALID_TRANSITION_409. */
const ACTIONS: Record<TaskAction, ActionSpec> = {
  run: { from: ['pending', 'scheduled'], to: 'queued', set: 'run_at = now()', queues: true },
  cancel: { from: ['pending', 'scheduled', 'queued', 'running'], to: 'cancelled', set: 'lease_until = null, finished_at = now()', queues: false },
  retry: {
    from: ['failed', 'cancelled'],
    to: 'queued',
    set: 'attempts = 0, result = null, error = null, progress_percent = null, progress_message = null, started_at = null, finished_at = null, run_at = now()',
    queues: true,
  },
};

/**
 * run, cancel and retry: each one conditional update in a transaction with the job it sends or
 * discards. The job a task leaves behind is cancelled in pg-boss; a job that had already been
 * delivered is fenced off anyway (the task's `job_id` no longer names it).
 */
export class TaskActions {
  constructor(private readonly ctx: ModuleContext) {}

  async act(action: TaskAction, id: string, caller: TaskCaller, version?: number): Promise<TaskView> {
    const spec = ACTIONS[action];
    const jobId = spec.queues ? newId() : undefined;
    const queue = this.ctx.resolve(JobQueue);
    const task = await this.ctx.db.transactional(async (em) => {
      const changed = await transitionTask(em, id, { ...spec, jobId }, { createdBy: caller.admin ? undefined : caller.userId, version });
      if (!changed) return undefined;
      // Checked on the row the update matched, so the type cannot change in between; a refusal rolls the update back.
      if (spec.queues) this.ctx.resolve(TaskTypes).authorise(changed.task.type, caller.permissions, '/params/id');
      if (changed.previousJobId && changed.previousJobId !== jobId) await queue.cancel(em, changed.previousJobId);
      if (jobId) await queue.send(em, jobId, changed.task);
      if (action === 'cancel') await closeOpenAttempt(em, id, 'cancelled');
      return changed.task;
    });
    if (!task) throw await this.refusal(action, id, caller, version);
    await announceTask(this.ctx, task);
    if (action === 'cancel') await this.stopHandler(id);
    else this.ctx.resolve(TaskDispatcher).wake();
    return toTaskView(task);
  }

  /** Aborts the handler here at once, and tells every other instance to (the heartbeat is the fallback). */
  private async stopHandler(id: string): Promise<void> {
    this.ctx.resolve(RunningTasks).abort(id, 'cancelled');
    await this.ctx.events.publish(TASK_CANCELLED, { taskId: id }).catch((error: unknown) => {
      this.ctx.log.warn({ err: error, taskId: id }, 'the cancel could not be announced; the running handler stops at its next heartbeat');
    });
  }

  /** Why the update matched nothing: not found (or not the caller's), a stale version, or the state. */
  private async refusal(action: TaskAction, id: string, caller: TaskCaller, version?: number): Promise<AppError> {
    const task = await new TaskReader(this.ctx).visible(id, caller);
    checkVersion(task.version, version, '/query/version');
    const from = ACTIONS[action].from;
    return invalidTransition(action, task.state, from);
  }
}

function invalidTransition(action: TaskAction, state: TaskState, from: readonly TaskState[]): AppError {
  return new AppError(TaskErrors.TASK_INVALID_TRANSITION_409, {
    details: [{ field: '/params/id', rule: 'state', message: `the task is ${state}: ${action} applies only to a task that is ${from.join(' or ')}` }],
  });
}
