import { AppError, KernelErrors } from '@atrium/kernel';
import type { TaskTypes } from '../task-types';
import { cronProblems, canonicalTimeZone, DEFAULT_TIME_ZONE } from './cron-schedule';

/** When a schedule fires: a cron expression read in a time zone. */
export interface ScheduleTiming {
  cron: string;
  timezone: string;
}

const PAYLOAD = '/body/payload';

/**
 * The timing as it is stored, or VALIDATION_FAILED_400 naming each field at fault where the
 * request sent it (/body/cron, /body/timezone; /query/… for a preview). Runs before anything is
 * written.
 */
export function checkTiming(timing: ScheduleTiming, sentIn: 'body' | 'query' = 'body'): ScheduleTiming {
  const problems = cronProblems(timing.cron, timing.timezone);
  if (problems.length > 0) {
    throw new AppError(KernelErrors.VALIDATION_FAILED_400, {
      details: problems.map(({ field, rule, message }) => ({ field: `/${sentIn}/${field}`, rule, message })),
    });
  }
  return {
    // One space between fields: the expression reads, and compares, the same however it was typed.
    cron: timing.cron.trim().split(/\s+/).join(' '),
    timezone: canonicalTimeZone(timing.timezone) ?? DEFAULT_TIME_ZONE,
  };
}

/**
 * What a schedule submits, held to its task type exactly as a submission is:
 * TASK_TYPE_UNKNOWN_400, or VALIDATION_FAILED_400 naming /body/payload.
 */
export function checkWork(types: TaskTypes, type: string, payload: unknown): void {
  types.check(type, payload, PAYLOAD);
}

/** A payload left out, or sent as null, is the empty object. */
export function payloadOrEmpty(payload: unknown): unknown {
  return payload ?? {};
}
