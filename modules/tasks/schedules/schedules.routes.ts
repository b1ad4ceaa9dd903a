import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { TaskErrors } from '../errors';
import { ScheduleErrors } from './schedule-errors';
import { CreateScheduleBody, IdParams, ScheduleFilterQuery, ScheduleSchema, UpdateScheduleBody, VersionQuery } from './schedule.schemas';
import { ScheduleService } from './schedule.service';

/** Stateless: one per call, always on the request's EntityManager. */
const schedules = (ctx: ModuleContext) => new ScheduleService(ctx);

const { SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, VALIDATION_FAILED_400, PERM_DENIED_403 } = KernelErrors;
const { TASK_SCHEDULE_DUPLICATED_409 } = ScheduleErrors;
const { TASK_TYPE_UNKNOWN_400 } = TaskErrors;

const TIMING =
  'A cron of 5 fields, or 6 with seconds first, read in `timezone` (IANA, default UTC); a bad one is 400 VALIDATION_FAILED_400 naming /body/cron or /body/timezone.';

export const listSchedules = defineRoute({
  method: 'GET',
  path: '/tasks/schedules',
  permission: 'task:schedule:list',
  summary: 'Cron schedules, a page at a time, each with its next fire times',
  description: 'Cron schedules with their task type, payload, time zone, whether they are enabled and their next fire times.',
  query: ScheduleFilterQuery,
  list: { sort: { name: 'name', nextFireAt: 'nextFireAt', createdAt: 'createdAt', updatedAt: 'updatedAt' } },
  response: Paginated(ScheduleSchema),
  handler: ({ query: { keyword, type, enabled }, page }, ctx) => schedules(ctx).list(page, { keyword, type, enabled }),
});

export const getSchedule = defineRoute({
  method: 'GET',
  path: '/tasks/schedules/{id}',
  permission: 'task:schedule:list',
  summary: 'One schedule, with its next fire times',
  description: 'One schedule with its next fire times, computed in its time zone.',
  params: IdParams,
  response: ScheduleSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => schedules(ctx).get(params.id),
});

export const createSchedule = defineRoute({
  method: 'POST',
  path: '/tasks/schedules',
  permission: 'task:schedule:add',
  summary: 'Adds a schedule that submits a task of `type` at each fire time, as the caller',
  description: `${TIMING} The type and payload are checked as a submission is, and the caller must hold the type’s permission (403 PERM_DENIED_403). The tasks it submits belong to the caller.`,
  status: 201,
  body: CreateScheduleBody,
  response: ScheduleSchema,
  errors: [VALIDATION_FAILED_400, TASK_TYPE_UNKNOWN_400, PERM_DENIED_403, TASK_SCHEDULE_DUPLICATED_409],
  handler: ({ body, principal }, ctx) => schedules(ctx).create(body, principal),
});

export const updateSchedule = defineRoute({
  method: 'PUT',
  path: '/tasks/schedules/{id}',
  permission: 'task:schedule:edit',
  summary: 'Changes the fields sent; `version` is the one the caller read',
  description: `${TIMING} A new cron or time zone, or enabling, counts the next fire time from now. A new type or payload needs the type’s permission (403 PERM_DENIED_403).`,
  params: IdParams,
  body: UpdateScheduleBody,
  response: ScheduleSchema,
  errors: [
    SYSTEM_RESOURCE_NOT_FOUND_404,
    SYSTEM_VERSION_CONFLICT_409,
    VALIDATION_FAILED_400,
    TASK_TYPE_UNKNOWN_400,
    PERM_DENIED_403,
    TASK_SCHEDULE_DUPLICATED_409,
  ],
  handler: ({ params, body: { version, ...change }, principal }, ctx) => schedules(ctx).update(params.id, change, version, principal.permissions),
});

export const enableSchedule = defineRoute({
  method: 'POST',
  path: '/tasks/schedules/{id}/enable',
  permission: 'task:schedule:edit',
  summary: 'Enables a schedule: it fires from the next fire time after now (an enabled one is left as it is)',
  description: 'The schedule fires from its next fire time after now: fire times missed while disabled are not caught up.',
  params: IdParams,
  query: VersionQuery,
  response: ScheduleSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409],
  handler: ({ params, query }, ctx) => schedules(ctx).setState(params.id, true, query.version),
});

export const disableSchedule = defineRoute({
  method: 'POST',
  path: '/tasks/schedules/{id}/disable',
  permission: 'task:schedule:edit',
  summary: 'Disables a schedule: it submits nothing until enabled again (a disabled one is left as it is)',
  description: 'Stops the schedule firing on every instance until it is enabled again.',
  params: IdParams,
  query: VersionQuery,
  response: ScheduleSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409],
  handler: ({ params, query }, ctx) => schedules(ctx).setState(params.id, false, query.version),
});

export const deleteSchedule = defineRoute({
  method: 'DELETE',
  path: '/tasks/schedules/{id}',
  permission: 'task:schedule:remove',
  summary: 'Removes a schedule (the tasks it submitted stay); with `version`, only if it is still the one the caller read',
  description: 'Removes the schedule; tasks it already submitted stay and run. A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
  params: IdParams,
  query: VersionQuery,
  response: Type.Object({}),
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409],
  handler: async ({ params, query }, ctx) => {
    await schedules(ctx).remove(params.id, query.version);
    return {};
  },
});

/** In the order they must be registered: before the tasks' `/tasks/{id}` routes. */
export const scheduleRoutes = [listSchedules, createSchedule, getSchedule, updateSchedule, deleteSchedule, enableSchedule, disableSchedule];
