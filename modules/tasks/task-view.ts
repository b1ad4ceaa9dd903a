import type { TaskView } from './api';
import type { AttemptOutcome, TaskAttempt } from './task-attempt.entity';
import type { Task } from './task.entity';

export function toTaskView(task: Task): TaskView {
  return {
    id: task.id,
    idempotencyKey: task.idempotencyKey,
    type: task.type,
    payload: task.payload,
    state: task.state,
    attempts: task.attempts,
    maxAttempts: task.maxAttempts,
    progress:
      task.progressPercent === null || task.progressPercent === undefined ? null : { percent: task.progressPercent, message: task.progressMessage ?? null },
    result: task.result ?? null,
    error: task.error ?? null,
    runAt: task.runAt.toISOString(),
    scheduleId: task.scheduleId ?? null,
    createdBy: task.createdBy,
    createdAt: task.createdAt.toISOString(),
    startedAt: task.startedAt?.toISOString() ?? null,
    finishedAt: task.finishedAt?.toISOString() ?? null,
    version: task.version,
  };
}

/** One attempt as `GET /tasks/{id}/attempts` shows it. */
export interface TaskAttemptView {
  number: number;
  startedAt: string;
  finishedAt: string | null;
  outcome: AttemptOutcome | null;
  error: string | null;
}

export function toAttemptView(attempt: TaskAttempt): TaskAttemptView {
  return {
    number: attempt.number,
    startedAt: attempt.startedAt.toISOString(),
    finishedAt: attempt.finishedAt?.toISOString() ?? null,
    outcome: attempt.outcome ?? null,
    error: attempt.error ?? null,
  };
}
