import { KernelErrors, checkVersion, defineRoute, flushChanges, recordChange, type ModuleContext } from '@atrium/kernel';
import { firing, schedules } from './schedule.resource';
import { IdParams, ScheduleSchema, VersionQuery } from './schedule.schemas';
import type { TaskSchedule } from './schedule.entity';
import type { ScheduleView } from './schedule-views';

const { SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409 } = KernelErrors;

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

/** The declared resource's routes, then the two state changes. */
export const scheduleRoutes = [...schedules.routes, enableSchedule, disableSchedule];
