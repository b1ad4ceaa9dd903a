import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { TaskErrors } from './errors';
import { TaskActions, type TaskAction } from './task-actions';
import { taskCaller } from './task-caller';
import { TaskReader } from './task-reader';
import { TaskSubmitter } from './task-submitter';
import { TaskTypes } from './task-types';
import { ActionQuery, SubmitTaskBody, TaskAttemptSchema, TaskFilterQuery, TaskIdParams, TaskSchema, TaskTypeSchema } from './tasks.schemas';

const SUBMIT = 'task:task:submit';
const { SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, VALIDATION_FAILED_400, PERM_DENIED_403 } = KernelErrors;
const { TASK_IDEMPOTENCY_CONFLICT_409, TASK_INVALID_TRANSITION_409, TASK_TYPE_UNKNOWN_400 } = TaskErrors;

/** Stateless: one per call, always on the request's EntityManager. */
const reader = (ctx: ModuleContext) => new TaskReader(ctx);

export const submitTask = defineRoute({
  method: 'POST',
  path: '/tasks',
  permission: SUBMIT,
  summary: 'Submits a task; the same idempotency key again answers the same task',
  headers: { 'Idempotent-Replayed': '`true` when the answer is the task an earlier request with the same key made.' },
  description:
    'The type must be registered and the payload must fit its schema, else 400 and nothing is stored; the caller must hold the type’s ' +
    'permission (`GET /tasks/types`), else 403 PERM_DENIED_403 naming it. The same key from the same user ' +
    'answers 201 with the task it made and `Idempotent-Replayed: true`, however many such requests race; the same key with a different ' +
    'type, payload, runAt, maxAttempts or autoRun is 409 TASK_IDEMPOTENCY_CONFLICT_409.',
  status: 201,
  body: SubmitTaskBody,
  response: TaskSchema,
  errors: [VALIDATION_FAILED_400, TASK_TYPE_UNKNOWN_400, PERM_DENIED_403, TASK_IDEMPOTENCY_CONFLICT_409],
  handler: async ({ body, principal, setHeader }, ctx) => {
    ctx.resolve(TaskTypes).authorise(body.type, principal.permissions, '/body/type');
    const runAt = body.runAt === undefined ? undefined : new Date(body.runAt);
    const { task, replayed } = await ctx.resolve(TaskSubmitter).submit({ ...body, runAt }, principal.userId);
    if (replayed) setHeader('Idempotent-Replayed', 'true');
    return task;
  },
});

export const listTasks = defineRoute({
  method: 'GET',
  path: '/tasks',
  permission: SUBMIT,
  summary: 'The caller’s tasks (everyone’s for a task administrator), a page at a time',
  description: "The caller's own tasks; a task administrator sees everyone's. Filters and sort fields are listed with the parameters.",
  query: TaskFilterQuery,
  list: { sort: { createdAt: 'createdAt', runAt: 'runAt', finishedAt: 'finishedAt', state: 'state', type: 'type' } },
  response: Paginated(TaskSchema),
  handler: ({ query, page, principal }, ctx) => reader(ctx).list(page, query, taskCaller(principal)),
});

// Declared before /tasks/{id}, which would otherwise take `types` for an id.
export const listTaskTypes = defineRoute({
  method: 'GET',
  path: '/tasks/types',
  permission: SUBMIT,
  summary: 'The task types the enabled modules registered, each with the permission it needs and its payload schema',
  description:
    'Every task type an enabled module registered through the tasks.handler SPI, with the permission needed to submit it and the JSON Schema its payload must fit.',
  response: Type.Object({ items: Type.Array(TaskTypeSchema) }),
  handler: (_req, ctx) => ({ items: ctx.resolve(TaskTypes).list() }),
});

export const getTask = defineRoute({
  method: 'GET',
  path: '/tasks/{id}',
  permission: SUBMIT,
  summary: 'One task (another user’s is 404 unless the caller is a task administrator)',
  description: "The task with its state, attempts, result or error and timestamps. Another user's task is 404 unless the caller is a task administrator.",
  params: TaskIdParams,
  response: TaskSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params, principal }, ctx) => reader(ctx).get(params.id, taskCaller(principal)),
});

export const getTaskAttempts = defineRoute({
  method: 'GET',
  path: '/tasks/{id}/attempts',
  permission: SUBMIT,
  summary: 'Every attempt of a task with its outcome and error, oldest first',
  description: 'Each attempt a worker made: when it started and finished, its outcome and its error. Visible to whoever may read the task.',
  params: TaskIdParams,
  response: Type.Object({ items: Type.Array(TaskAttemptSchema) }),
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params, principal }, ctx) => reader(ctx).attempts(params.id, taskCaller(principal)),
});

const SUMMARIES: Record<TaskAction, string> = {
  run: 'Runs a pending or scheduled task now',
  cancel: 'Cancels a task that has not finished; a running handler is aborted, on whichever instance runs it',
  retry: 'Runs a failed or cancelled task again, its attempts counted afresh',
};

function actionRoute(action: TaskAction) {
  return defineRoute({
    method: 'POST',
    path: `/tasks/{id}/${action}`,
    permission: SUBMIT,
    summary: SUMMARIES[action],
    description:
      'Any other state is 409 TASK_INVALID_TRANSITION_409, its details naming the state. With `version`, only if the task is still at it. ' +
      'Run and retry start the handler again, so they need the type’s permission (403 PERM_DENIED_403); cancel does not.',
    params: TaskIdParams,
    query: ActionQuery,
    response: TaskSchema,
    errors: [
      SYSTEM_RESOURCE_NOT_FOUND_404,
      SYSTEM_VERSION_CONFLICT_409,
      TASK_INVALID_TRANSITION_409,
      ...(action === 'cancel' ? [] : [PERM_DENIED_403, TASK_TYPE_UNKNOWN_400]),
    ],
    handler: ({ params, query, principal }, ctx) => new TaskActions(ctx).act(action, params.id, taskCaller(principal), query.version),
  });
}

export const runTask = actionRoute('run');
export const cancelTask = actionRoute('cancel');
export const retryTask = actionRoute('retry');
