import { Type, named } from '@atrium/kernel';
import { SHOWN_FIRE_TIMES } from './cron-schedule';

const Id = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
const Version = Type.Integer({ minimum: 1, description: 'The version the caller read' });

export const ScheduleSchema = named(
  'TaskSchedule',
  Type.Object({
    id: Id,
    name: Type.String(),
    cron: Type.String(),
    timezone: Type.String({ description: 'IANA time zone the cron’s fields are read in.' }),
    type: Type.String(),
    payload: Type.Unknown(),
    enabled: Type.Boolean(),
    nextFireAt: Type.Union([Instant, Type.Null()], { description: 'The fire time the scheduler submits next; null while disabled.' }),
    nextFireTimes: Type.Array(Instant, { maxItems: SHOWN_FIRE_TIMES, description: `The next ${SHOWN_FIRE_TIMES} fire times from now; empty while disabled.` }),
    lastFiredAt: Type.Union([Instant, Type.Null()], { description: 'The fire time of the last task the schedule submitted.' }),
    createdBy: Type.String({ description: 'The user the submitted tasks belong to.' }),
    version: Type.Integer({ minimum: 1 }),
    createdAt: Instant,
    updatedAt: Instant,
  }),
);

export const FireTimesSchema = named(
  'TaskScheduleFireTimes',
  Type.Object({ nextFireTimes: Type.Array(Instant, { maxItems: SHOWN_FIRE_TIMES, description: `The next ${SHOWN_FIRE_TIMES} fire times from now.` }) }),
);

/** Trimmed before it is stored. */
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'Unique, whatever the case.' });
const Cron = Type.String({
  minLength: 1,
  maxLength: 200,
  description: '5 fields (minute hour day-of-month month day-of-week) or 6 (seconds first), e.g. `0 9 * * 1-5`, `*/10 * * * * *`.',
});
const TimeZone = Type.String({ minLength: 1, maxLength: 64, description: 'An IANA time zone, e.g. `Asia/Shanghai`; default `UTC`.' });
const TaskType = Type.String({ minLength: 1, maxLength: 100, description: 'A registered task type (`GET /tasks/types`).' });
const Payload = Type.Unknown({ description: 'Checked against the type’s payload schema; absent or null is `{}`.' });

export const CreateScheduleBody = named(
  'TaskScheduleCreate',
  Type.Object({
    name: Name,
    cron: Cron,
    timezone: Type.Optional(TimeZone),
    type: TaskType,
    payload: Type.Optional(Payload),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
  }),
);

export const UpdateScheduleBody = named(
  'TaskScheduleUpdate',
  Type.Object({
    name: Type.Optional(Name),
    cron: Type.Optional(Cron),
    timezone: Type.Optional(TimeZone),
    type: Type.Optional(TaskType),
    payload: Type.Optional(Payload),
    enabled: Type.Optional(Type.Boolean()),
    version: Version,
  }),
);

export const IdParams = Type.Object({ id: Id });
/** A cron and time zone to preview, as a schedule's body would send them. */
export const PreviewQuery = Type.Object({ cron: Cron, timezone: Type.Optional(TimeZone) });
/** A delete's, or an enable's or disable's: with `version`, only if the schedule is still at it. */
export const VersionQuery = Type.Object({ version: Type.Optional(Version) });
