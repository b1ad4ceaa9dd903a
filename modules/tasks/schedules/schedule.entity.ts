import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';

/**
 * A cron schedule that submits a task of `type` with `payload` at each fire time. Created by
 * migrations/0002-create-task-schedules.ts.
 */
export const TaskScheduleEntity = defineEntity({
  name: 'TaskSchedule',
  tableName: 'task_schedules',
  properties: (p) => ({
    ...resourceColumns(p),
    name: p.string().length(100),
    cron: p.string().length(200),
    // An IANA name, canonical: the zone the cron's fields are read in.
    timezone: p.string().length(64),
    type: p.string().length(100),
    payload: p.json<unknown>(),
    enabled: p.boolean(),
    // The fire time the scheduler submits next; null while disabled. Moved by the scheduler
    // without touching `version`, which counts the definition's changes only.
    nextFireAt: p.datetime().nullable(),
    // The fire time of the last task submitted.
    lastFiredAt: p.datetime().nullable(),
    // The user the submitted tasks belong to.
    createdBy: p.string().length(128),
  }),
});

export type TaskSchedule = InferEntity<typeof TaskScheduleEntity>;
