import { KernelErrors, Type, contains, defineResource, equals, type Principal } from '@atrium/kernel';
import { TaskErrors } from '../errors';
import { TaskTypes } from '../task-types';
import { DEFAULT_TIME_ZONE, nextFireTime } from './cron-schedule';
import { checkTiming, checkWork, payloadOrEmpty, type ScheduleTiming } from './schedule-definition';
import { TaskScheduleEntity, type TaskSchedule } from './schedule.entity';
import { ScheduleErrors } from './schedule-errors';
import { CreateScheduleBody, ScheduleSchema, UpdateScheduleBody } from './schedule.schemas';
import { toScheduleView } from './schedule-views';

const { VALIDATION_FAILED_400, PERM_DENIED_403 } = KernelErrors;
const { TASK_TYPE_UNKNOWN_400 } = TaskErrors;

const TIMING =
  'A cron of 5 fields, or 6 with seconds first, read in `timezone` (IANA, default UTC); a bad one is 400 VALIDATION_FAILED_400 naming /body/cron or /body/timezone.';

/**
 * The schedules' definitions. The caller who creates one becomes its creator: the tasks it
 * submits are theirs, so they must hold the type's permission, as must whoever changes what it
 * submits. Every change that decides when a schedule fires (cron, time zone, enabled) sets its
 * next fire time from now: a schedule never fires for the time it was disabled or had another cron.
 */
export const schedules = defineResource({
  path: '/tasks/schedules',
  entity: TaskScheduleEntity,
  labels: { one: 'schedule', many: 'schedules' },
  permissions: {
    list: 'task:schedule:list',
    query: 'task:schedule:list',
    add: 'task:schedule:add',
    edit: 'task:schedule:edit',
    remove: 'task:schedule:remove',
    export: 'task:schedule:export',
  },
  schemas: { view: ScheduleSchema, create: CreateScheduleBody, update: UpdateScheduleBody },
  filters: {
    keyword: contains(['name'], 'Part of the name'),
    type: equals('type', Type.String({ maxLength: 100, description: 'Schedules of this task type' })),
    enabled: equals('enabled', Type.Boolean()),
  },
  sort: { name: 'name', nextFireAt: 'nextFireAt', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultSort: { name: 'asc' },
  unique: { task_schedules_name_key: { error: ScheduleErrors.TASK_SCHEDULE_DUPLICATED_409, field: '/body/name' } },
  trim: ['name'],
  view: (row) => toScheduleView(row as unknown as TaskSchedule),
  hooks: {
    beforeCreate: (fields, { ctx, principal }) => {
      const timing = checkTiming({ cron: fields.cron as string, timezone: (fields.timezone as string | undefined) ?? DEFAULT_TIME_ZONE });
      const payload = payloadOrEmpty(fields.payload);
      const types = ctx.resolve(TaskTypes);
      checkWork(types, fields.type as string, payload);
      types.authorise(fields.type as string, caller(principal).permissions, '/body/type');
      const enabled = (fields.enabled as boolean | undefined) ?? true;
      Object.assign(fields, {
        ...timing,
        payload,
        enabled,
        nextFireAt: enabled ? nextFireTime(timing.cron, timing.timezone, new Date()) : null,
        lastFiredAt: null,
        createdBy: caller(principal).userId,
      });
    },
    beforeUpdate: (row, change, { ctx, principal }) => {
      // Only what the change touches is checked: a schedule whose type's module is disabled can
      // still be renamed or disabled.
      const timing =
        change.cron !== undefined || change.timezone !== undefined
          ? checkTiming({ cron: (change.cron ?? row.cron) as string, timezone: (change.timezone ?? row.timezone) as string })
          : { cron: row.cron as string, timezone: row.timezone as string };
      if (change.type !== undefined || 'payload' in change) {
        const type = (change.type ?? row.type) as string;
        const payload = 'payload' in change ? payloadOrEmpty(change.payload) : row.payload;
        const types = ctx.resolve(TaskTypes);
        checkWork(types, type, payload);
        types.authorise(type, caller(principal).permissions, change.type !== undefined ? '/body/type' : '/body/payload');
        change.payload = payload;
      }
      const timingChanged = timing.cron !== row.cron || timing.timezone !== row.timezone;
      Object.assign(change, timing, firing(row.enabled as boolean, (change.enabled ?? row.enabled) as boolean, timing, timingChanged));
    },
  },
  errors: {
    create: [VALIDATION_FAILED_400, TASK_TYPE_UNKNOWN_400, PERM_DENIED_403],
    update: [VALIDATION_FAILED_400, TASK_TYPE_UNKNOWN_400, PERM_DENIED_403],
  },
  docs: {
    list: {
      summary: 'Cron schedules, a page at a time, each with its next fire times',
      description: 'Cron schedules with their task type, payload, time zone, whether they are enabled and their next fire times.',
    },
    get: { summary: 'One schedule, with its next fire times', description: 'One schedule with its next fire times, computed in its time zone.' },
    create: {
      summary: 'Adds a schedule that submits a task of `type` at each fire time, as the caller',
      description: `${TIMING} The type and payload are checked as a submission is, and the caller must hold the type’s permission (403 PERM_DENIED_403). The tasks it submits belong to the caller.`,
    },
    update: {
      description: `${TIMING} A new cron or time zone, or enabling, counts the next fire time from now. A new type or payload needs the type’s permission (403 PERM_DENIED_403).`,
    },
    delete: {
      summary: 'Removes a schedule (the tasks it submitted stay); with `version`, only if it is still the one the caller read',
      description: 'Removes the schedule; tasks it already submitted stay and run. A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
    },
  },
});

/**
 * The fields that decide whether and when a schedule fires next: one that starts firing, or fires
 * on new terms, starts from the next fire time after now; one that stays as it was keeps its own.
 */
export function firing(wasEnabled: boolean, enabled: boolean, timing: ScheduleTiming, timingChanged: boolean): { enabled?: boolean; nextFireAt?: Date | null } {
  if (!enabled) return { enabled: false, nextFireAt: null };
  if (!wasEnabled || timingChanged) return { enabled: true, nextFireAt: nextFireTime(timing.cron, timing.timezone, new Date()) };
  return {};
}

/** Schedule routes name a permission, so the kernel has authenticated their caller. */
function caller(principal: Principal | null): Principal {
  if (!principal) throw new Error('a schedule is written on behalf of an authenticated caller');
  return principal;
}
