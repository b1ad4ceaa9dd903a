/** The tasks module's public contract: the task types modules contribute, and submission from code. */
import { Type, named, publicApi, spi, type ModuleContext, type Static, type TSchema } from '@atrium/kernel';

/** What a running handler is given besides its payload. */
export interface TaskRun {
  readonly taskId: string;
  /** The id of the user the task acts for and belongs to (`createdBy`): the submitter, or a schedule's author. */
  readonly createdBy: string;
  /** 1 for the first attempt, counting every attempt since the task was submitted or retried. */
  readonly attempt: number;
  /**
   * Aborted when the task is cancelled (on whichever instance the cancel arrived), when this
   * instance loses the task's lease, or when the server stops. A handler that does long work
   * checks it or passes it on (`setTimeout(ms, undefined, { signal })`, `fetch(url, { signal })`).
   */
  readonly signal: AbortSignal;
  /** The module's logger, with the task's id and type on every line. */
  readonly log: ModuleContext['log'];
  /** Reports progress, 0–100, with an optional message; shown on the task while it runs. */
  progress(percent: number, message?: string): void;
}

/**
 * One task type. Its payload is validated against `payload` when the task is submitted (a bad
 * one is a 400 and nothing is stored), so `run` gets a payload of that shape. What `run` returns
 * is the task's `result` (JSON); what it throws is the attempt's `error`, and the task is retried
 * with backoff until `maxAttempts`. A payload only ever selects a registered type: it never
 * names code.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a handler of any payload fits the registry; `run` is typed per handler
export interface TaskHandler<P = any, R = unknown> {
  /** `<area>.<action>` in lowercase, e.g. `audit.purge`; unique across modules. */
  readonly type: string;
  /** What the type does, as an operator reads it in `GET /tasks/types`. */
  readonly title: string;
  /**
   * The permission a caller must hold to submit a task of this type, run it or retry it (403
   * PERM_DENIED_403 otherwise), and to schedule it. Declared in the contributing module's manifest
   * (`audit:record:purge`), or one of the tasks module's own: `task:task:submit` for a type that
   * anyone who may submit tasks may use. One of scope `global` makes the type the platform's: its
   * tasks are submitted and run in the default tenant only (`task-types.ts`).
   */
  readonly permission: string;
  readonly description?: string;
  /** The payload's JSON Schema (TypeBox). */
  readonly payload: TSchema;
  /** Whether the handler calls `progress` (shown in `GET /tasks/types`). */
  readonly reportsProgress?: boolean;
  /**
   * A schedule the tasks module makes once, the first time any instance sees the type registered
   * (a purge that should run without an operator's first step): for a platform type only (its
   * permission of scope global), in the default tenant, named `name` (the title by default), its
   * tasks owned by `module:<id>`. From then on it is the operators' like any other schedule: an
   * edit, a disable or a delete is never undone, and it is not made again.
   */
  readonly defaultSchedule?: DefaultSchedule;
  run(payload: P, task: TaskRun): Promise<R> | R;
}

/** A schedule a task type comes with (`TaskHandler.defaultSchedule`). */
export interface DefaultSchedule {
  /** 5 fields, or 6 with seconds first, read in `timezone` (IANA, default UTC). */
  readonly cron: string;
  readonly timezone?: string;
  /** The payload it submits, the schema's defaults filled in; `{}` by default. */
  readonly payload?: unknown;
  readonly name?: string;
}

/**
 * Declares a task type whose `run` gets the payload typed by its schema. (The schema is taken
 * apart from the rest: intersected with `TaskHandler`'s own `payload: TSchema`, TypeScript would
 * instantiate `Static` without end.)
 */
export function defineTaskHandler<S extends TSchema, R>(
  handler: Omit<TaskHandler<Static<S>, R>, 'payload'> & { readonly payload: S },
): TaskHandler<Static<S>, R> {
  return Object.freeze({ ...handler });
}

/** What a module contributes to `tasks.handler`: its task types. */
export interface TaskHandlers {
  readonly handlers: readonly TaskHandler[];
}

export const TaskHandlerSpi = spi<TaskHandlers>('tasks.handler');

const Timestamp = Type.String({ format: 'date-time' });

/** The states of a task, as the catalog shows them. */
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

/**
 * A task as every route answers it: `POST /tasks`, and a module's route that submits one (the
 * users import answers the task it made) declares this as its response.
 */
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
    finishedAt: Type.Union([Timestamp, Type.Null()]),
    version: Type.Integer({ minimum: 1, description: 'Changes with every state change (not with progress).' }),
  }),
);

export type TaskState = 'pending' | 'scheduled' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** A task as the API shows it. */
export interface TaskView {
  id: string;
  idempotencyKey: string;
  type: string;
  payload: unknown;
  state: TaskState;
  attempts: number;
  maxAttempts: number;
  progress: { percent: number; message: string | null } | null;
  result: unknown;
  error: string | null;
  runAt: string;
  scheduleId: string | null;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  version: number;
}

export interface TaskSubmission {
  /** Scoped per `createdBy`: the same key again answers the task it first made. */
  idempotencyKey: string;
  type: string;
  payload?: unknown;
  /** Later than now: the task is `scheduled` until then. */
  runAt?: Date;
  maxAttempts?: number;
  /** false: the task waits `pending` for `POST /tasks/{id}/run`. */
  autoRun?: boolean;
}

export interface SubmittedTask {
  task: TaskView;
  /** true when the key had already made this task (the answer carries `Idempotent-Replayed`). */
  replayed: boolean;
}

/**
 * Submission from code, with the same checks and guarantees as `POST /tasks`. The task is the
 * current tenant's and runs in it: work in no tenant names one with `runInTenant`.
 */
export interface Tasks {
  /** `createdBy` is the id of the user the task acts for and belongs to. */
  submit(submission: TaskSubmission, createdBy: string): Promise<SubmittedTask>;
}

export const TasksApi = publicApi<Tasks>('tasks.Tasks');
