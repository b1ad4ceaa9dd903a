import { KernelErrors, checkVersion, defineRoute, flushChanges, recordChange, type ModuleContext } from '@atrium/kernel';
import { DEFAULT_TIME_ZONE, nextFireTimes, SHOWN_FIRE_TIMES } from './cron-schedule';
import { checkTiming } from './schedule-definition';
import { firing, schedules } from './schedule.resource';
import { FireTimesSchema, IdParams, PreviewQuery, ScheduleSchema, VersionQuery } from './schedule.schemas';
import type { TaskSchedule } from './schedule.entity';
import type { ScheduleView } from './schedule-views';

const { SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, VALIDATION_FAILED_400 } = KernelErrors;

/** Enables or disables; the same state again changes nothing (and keeps the version). */
async function setState(ctx: ModuleContext, id: string, enabled: boolean, version: number | undefined): Promise<ScheduleView> {
  const em = ctx.db.em();
  const schedule = await schedules.service(ctx).load(em, id);
  checkVersion(schedule.version as number, version, '/query/version');
  const before = schedules.view(schedule) as unknown as ScheduleView;
  if (schedule.enabled === enabled) return before;
  const timing = schedule as unknown as TaskSchedule;
  Object.assign(schedule, firing(timing.enabled, enabled, timing, false));
  await flushChanges(em);
  const after = schedules.view(schedule) as unknown as ScheduleView;
  recordChange({ resource: 'schedule', id, action: 'update', before, after });
  return after;
}

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
  handler: ({ params, query }, ctx) => setState(ctx, params.id, true, query.version),
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
  handler: ({ params, query }, ctx) => setState(ctx, params.id, false, query.version),
});

export const previewSchedule = defineRoute({
  method: 'GET',
  path: '/tasks/schedules/preview',
  permission: 'task:schedule:list',
  summary: `The next ${SHOWN_FIRE_TIMES} fire times of a cron in a time zone, before a schedule is saved`,
  description:
    'What a schedule with this cron and time zone would show in `nextFireTimes`, counted from now; nothing is stored. ' +
    'A bad cron or time zone is 400 VALIDATION_FAILED_400 naming /query/cron or /query/timezone, as a create would refuse it.',
  query: PreviewQuery,
  response: FireTimesSchema,
  errors: [VALIDATION_FAILED_400],
  handler: ({ query }) => {
    const timing = checkTiming({ cron: query.cron, timezone: query.timezone ?? DEFAULT_TIME_ZONE }, 'query');
    return { nextFireTimes: nextFireTimes(timing.cron, timing.timezone, new Date(), SHOWN_FIRE_TIMES).map((time) => time.toISOString()) };
  },
});

/** The preview first (`preview` is no id), then the declared resource's routes and the two state changes. */
export const scheduleRoutes = [previewSchedule, ...schedules.routes, enableSchedule, disableSchedule];
