import { defineEntity, type InferEntity } from '@atrium/kernel';
import type { TaskState } from './api';

/**
 * A task (migrations/0001-create-tasks.ts), for reads. Every write is a conditional SQL update
 * (task-sql.ts): a transition must be decided by the row as the database holds it, never by a
 * copy read earlier.
 */
export const TaskEntity = defineEntity({
  name: 'Task',
  tableName: 'tasks',
  properties: (p) => ({
    id: p.uuid().primary(),
    // The tenant that submitted it (migrations/0005-tenant-owned.ts): where its handler runs.
    tenantId: p.uuid(),
    idempotencyKey: p.string().length(255),
    // sha256 of the canonical submission: a replay with another body is a conflict.
    fingerprint: p.string().length(64),
    type: p.string().length(100),
    payload: p.json<unknown>(),
    state: p.string().length(16).$type<TaskState>(),
    attempts: p.integer(),
    maxAttempts: p.integer(),
    progressPercent: p.integer().nullable(),
    progressMessage: p.string().length(500).nullable(),
    result: p.json<unknown>().nullable(),
    error: p.text().nullable(),
    runAt: p.datetime(),
    scheduleId: p.uuid().nullable(),
    // The pg-boss job responsible for the task now: only a job carrying this id may claim it.
    jobId: p.uuid().nullable(),
    leaseUntil: p.datetime().nullable(),
    // User ids are whatever the authenticator says: strings, not necessarily UUIDs.
    createdBy: p.string().length(128),
    createdAt: p.datetime(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    version: p.integer(),
    updatedAt: p.datetime(),
  }),
});

export type Task = InferEntity<typeof TaskEntity>;
