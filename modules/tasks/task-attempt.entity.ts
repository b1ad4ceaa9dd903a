import { defineEntity, type InferEntity } from '@atrium/kernel';

export type AttemptOutcome = 'succeeded' | 'failed' | 'cancelled' | 'lost';

/** One run of a task's handler (migrations/0001-create-tasks.ts); `outcome` null while it runs. */
export const TaskAttemptEntity = defineEntity({
  name: 'TaskAttempt',
  tableName: 'task_attempts',
  properties: (p) => ({
    id: p.uuid().primary(),
    taskId: p.uuid(),
    number: p.integer(),
    startedAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
    outcome: p.string().length(16).$type<AttemptOutcome>().nullable(),
    error: p.text().nullable(),
  }),
});

export type TaskAttempt = InferEntity<typeof TaskAttemptEntity>;
