import { Type, named } from '@atrium/kernel';
import { TaskSchema, TaskStateSchema } from './api';
import { KEY_MAX_LENGTH, MAX_ATTEMPTS_LIMIT } from './task-submission';
import { TYPE_MAX_LENGTH } from './task-types';

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

// The task as every route answers it is part of the module's contract (api.ts): other modules'
// routes that submit a task answer it too.
export { TaskSchema, TaskStateSchema };

export const SubmitTaskBody = named(
  'TaskSubmit',
  Type.Object({
    idempotencyKey: Type.String({
      minLength: 1,
      maxLength: KEY_MAX_LENGTH,
      description: 'Scoped per user: the same key again answers the task it first made.',
    }),
    type: Type.String({ minLength: 1, maxLength: TYPE_MAX_LENGTH, description: 'A registered type (GET /tasks/types).' }),
    payload: Type.Optional(Type.Unknown({ description: 'Checked against the type’s payload schema; absent: {}.' })),
    runAt: Type.Optional(Type.String({ format: 'date-time', description: 'Later than now: the task is scheduled until then.' })),
    maxAttempts: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ATTEMPTS_LIMIT, description: 'Attempts before the task fails (default 3).' })),
    autoRun: Type.Optional(Type.Boolean({ description: 'false: the task waits pending for POST /tasks/{id}/run (default true).' })),
  }),
);

export const TaskFilterQuery = Type.Object({
  state: Type.Optional(TaskStateSchema),
  type: Type.Optional(Type.String({ maxLength: TYPE_MAX_LENGTH })),
  scheduleId: Type.Optional(Type.String({ format: 'uuid', description: 'The tasks a schedule submitted.' })),
});

export const TaskIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const ActionQuery = Type.Object({
  version: Type.Optional(Type.Integer({ minimum: 1, description: 'The version the caller read: a task changed since is 409 SYSTEM_VERSION_CONFLICT_409.' })),
});

export const TaskTypeSchema = named(
  'TaskType',
  Type.Object({
    type: Type.String(),
    title: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    permission: Type.String({ description: 'The permission needed to submit, run, retry or schedule a task of this type.' }),
    payloadSchema: Type.Unknown({ description: 'The JSON Schema a payload of this type is checked against.' }),
    reportsProgress: Type.Boolean(),
  }),
);

export const TaskAttemptSchema = named(
  'TaskAttempt',
  Type.Object({
    number: Type.Integer({ minimum: 1 }),
    startedAt: Timestamp,
    finishedAt: NullableTimestamp,
    outcome: Type.Union([Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('cancelled'), Type.Literal('lost'), Type.Null()], {
      description: 'null while it runs; lost: its worker died or stopped (the lease ran out, or a shutdown gave the task back).',
    }),
    error: Type.Union([Type.String(), Type.Null()]),
  }),
);
