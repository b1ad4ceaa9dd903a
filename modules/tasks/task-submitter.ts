import { AppError, inject, injectable, newId, type EntityManager, type ModuleContext } from '@atrium/kernel';
import type { SubmittedTask, TaskState, TaskSubmission, Tasks } from './api';
import { TaskErrors } from './errors';
import { JobQueue } from './job-queue';
import { TaskDispatcher } from './task-dispatcher';
import { insertTask, taskByKey } from './task-sql';
import { completeSubmission, fingerprintOf } from './task-submission';
import { SUBMITTED_PAYLOAD, TaskTypes } from './task-types';
import { toTaskView } from './task-view';
import { TasksContext } from './tasks-context';

/**
 * Submission, for `POST /tasks`, `tasks.Tasks` and the schedules: checked first (nothing is
 * stored for a refused one), then the task row and its job in one transaction. The unique index
 * on (created_by, idempotency_key) decides between racing submissions of one key: one inserts,
 * the others find its task and answer it as a replay — or a conflict if they asked for
 * something else.
 */
@injectable()
export class TaskSubmitter implements Tasks {
  private readonly types: TaskTypes;
  private readonly queue: JobQueue;

  constructor(@inject(TasksContext) private readonly ctx: ModuleContext) {
    this.types = ctx.resolve(TaskTypes);
    this.queue = ctx.resolve(JobQueue);
  }

  /** Checks, then submits in a transaction of its own; a task due now is picked up at once here. */
  async submit(submission: TaskSubmission, createdBy: string): Promise<SubmittedTask> {
    const checked = { ...submission, payload: submission.payload ?? {} };
    this.types.check(checked.type, checked.payload, SUBMITTED_PAYLOAD);
    completeSubmission(checked);
    const submitted = await this.ctx.db.transactional((em) => this.submitWithin(em, checked, createdBy));
    if (!submitted.replayed && submitted.task.state === 'queued') this.ctx.resolve(TaskDispatcher).wake();
    return submitted;
  }

  /**
   * Inserts the task and enqueues its job inside the caller's transaction `em`; the caller has
   * checked the type and payload (`TaskTypes.check`). A pending task (autoRun false) gets no job
   * until it is run; one whose `runAt` is ahead is `scheduled` under a job due then.
   */
  async submitWithin(em: EntityManager, submission: TaskSubmission, createdBy: string, options: { scheduleId?: string } = {}): Promise<SubmittedTask> {
    const complete = completeSubmission(submission);
    const fingerprint = fingerprintOf(complete);
    const now = new Date();
    const runAt = complete.runAt ?? now;
    const state: TaskState = !complete.autoRun ? 'pending' : runAt > now ? 'scheduled' : 'queued';
    const jobId = state === 'pending' ? null : newId();
    const inserted = await insertTask(em, {
      id: newId(),
      idempotencyKey: complete.idempotencyKey,
      fingerprint,
      type: complete.type,
      payload: complete.payload,
      state,
      maxAttempts: complete.maxAttempts,
      runAt,
      scheduleId: options.scheduleId ?? null,
      jobId,
      createdBy,
    });
    if (inserted) {
      if (jobId) await this.queue.send(em, jobId, inserted, state === 'scheduled' ? runAt : undefined);
      return { task: toTaskView(inserted), replayed: false };
    }
    // The key is taken: its task is committed (the insert waited for whoever took it).
    const existing = await taskByKey(em, createdBy, complete.idempotencyKey);
    if (!existing) throw new Error(`task of idempotency key ${JSON.stringify(complete.idempotencyKey)} conflicts but cannot be read`);
    if (existing.fingerprint !== fingerprint) {
      throw new AppError(TaskErrors.TASK_IDEMPOTENCY_CONFLICT_409, {
        details: [
          {
            field: '/body/idempotencyKey',
            rule: 'idempotency',
            message: `was used for task ${existing.id}, submitted with a different type, payload, runAt, maxAttempts or autoRun`,
          },
        ],
      });
    }
    return { task: toTaskView(existing), replayed: true };
  }
}
