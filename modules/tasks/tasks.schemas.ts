import { Type, named } from '@atrium/kernel';
import { KEY_MAX_LENGTH, MAX_ATTEMPTS_LIMIT } from './task-submission';
import { TYPE_MAX_LENGTH } from './task-types';

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const TaskStateSchema = named(
  'TaskState',
  Type.Union([
    Type.Literal('pending'),
    Type.Literal('scheduled'),
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('succeeded'),
    Type.Literal('failed'),
    Type.Literal('cancelled'),
  ]),
);

export const TaskSchema = named(
  'Task',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    idempotencyKey: Type.String(),
    type: Type.String(),
    payload: Type.Unknown({ description: 'As submitted, with the defaults of its type’s schema.' }),
    state: TaskStateSchema,
    attempts: Type.Integer({ minimum: 0, description: 'Attempts made since the task was submitted or retried.' }),
    maxAttempts: Type.Integer({ minimum: 1 }),
    progress: Type.Union(
      [Type.Object({ percent: Type.Integer({ minimum: 0, maximum: 100 }), message: Type.Union([Type.String(), Type.Null()]) }), Type.Null()],
      {
        description: 'Reported by the handler while it runs (shown at each heartbeat); 100 once a task that reported progress succeeded.',
      },
    ),
    result: Type.Unknown({ description: 'What the handler answered, once succeeded; null before.' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'The last attempt’s error, until the task succeeds.' }),
    runAt: Timestamp,
    scheduleId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    createdBy: Type.String(),
    createdAt: Timestamp,
    startedAt: Type.Union([Timestamp, Type.Null()], { description: 'When the latest attempt started.' }),
    finishedAt: NullableTimestamp,
    version: Type.Integer({ minimum: 1, description: 'Changes with every state change (not with progress).' }),
  }),
);

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
