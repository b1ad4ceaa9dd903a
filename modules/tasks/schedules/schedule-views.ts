import { nextFireTimes, SHOWN_FIRE_TIMES } from './cron-schedule';
import type { TaskSchedule } from './schedule.entity';

/** A schedule as the API shows it. */
export interface ScheduleView {
  id: string;
  name: string;
  cron: string;
  timezone: string;
  type: string;
  payload: unknown;
  enabled: boolean;
  nextFireAt: string | null;
  nextFireTimes: string[];
  lastFiredAt: string | null;
  createdBy: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The view at `now`: its upcoming fire times are counted from then, and none while disabled. */
export function toScheduleView(schedule: TaskSchedule, now = new Date()): ScheduleView {
  const upcoming = schedule.enabled ? nextFireTimes(schedule.cron, schedule.timezone, now, SHOWN_FIRE_TIMES) : [];
  return {
    id: schedule.id,
    name: schedule.name,
    cron: schedule.cron,
    timezone: schedule.timezone,
    type: schedule.type,
    payload: schedule.payload,
    enabled: schedule.enabled,
    nextFireAt: schedule.nextFireAt?.toISOString() ?? null,
    nextFireTimes: upcoming.map((time) => time.toISOString()),
    lastFiredAt: schedule.lastFiredAt?.toISOString() ?? null,
    createdBy: schedule.createdBy,
    version: schedule.version,
    createdAt: schedule.createdAt.toISOString(),
    updatedAt: schedule.updatedAt.toISOString(),
  };
}
