/**
 * Cron expressions read in a time zone (cron-parser 4): what a schedule's fire times are. Pure:
 * no clock of its own, every answer is relative to the instant it is given.
 */
import { parseExpression } from 'cron-parser';

export const DEFAULT_TIME_ZONE = 'UTC';
/** How many fire times a schedule's view shows. */
export const SHOWN_FIRE_TIMES = 5;

/** What is wrong with a cron expression or a time zone, as a request detail. */
export interface CronProblem {
  field: 'cron' | 'timezone';
  rule: string;
  message: string;
}

/**
 * The IANA name of a time zone, canonical (`asia/shanghai` → `Asia/Shanghai`, `Etc/UTC` →
 * `UTC`), or undefined when there is no such zone. Offsets such as `+08:00` are not zones: a zone
 * knows its daylight-saving rules, an offset does not.
 */
export function canonicalTimeZone(name: string): string | undefined {
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    // cron-parser reads zones with its own library: accept only what both know.
    parseExpression('0 0 * * *', { tz: canonical }).next();
    return canonical;
  } catch {
    return undefined;
  }
}

/**
 * Whatever is wrong with the pair, each named by its field; empty when the schedule can fire.
 * Five fields (minute hour day-of-month month day-of-week) or six (seconds first); aliases such
 * as `@daily` are refused so an expression always reads the same way.
 */
export function cronProblems(cron: string, timezone: string): CronProblem[] {
  const problems: CronProblem[] = [];
  const zone = canonicalTimeZone(timezone);
  if (zone === undefined)
    problems.push({ field: 'timezone', rule: 'timezone', message: `${JSON.stringify(timezone)} is not an IANA time zone (e.g. "Asia/Shanghai", "UTC")` });
  const fields = cron.trim().split(/\s+/).filter(Boolean).length;
  if (fields !== 5 && fields !== 6) {
    problems.push({
      field: 'cron',
      rule: 'cron',
      message: `has ${fields} fields: a cron expression has 5 (minute hour day-of-month month day-of-week) or 6 (seconds first)`,
    });
    return problems;
  }
  try {
    // Parsing alone accepts some dates that never come (30 February): ask for fire times too.
    nextFireTimes(cron, zone ?? DEFAULT_TIME_ZONE, new Date(), SHOWN_FIRE_TIMES);
  } catch (error) {
    problems.push({ field: 'cron', rule: 'cron', message: `is not a valid cron expression: ${(error as Error).message}` });
  }
  return problems;
}

/** The first `count` fire times strictly after `after`. */
export function nextFireTimes(cron: string, timezone: string, after: Date, count: number): Date[] {
  const expression = parseExpression(cron, { currentDate: after, tz: timezone });
  return Array.from({ length: count }, () => expression.next().toDate());
}

/** The first fire time strictly after `after`. */
export function nextFireTime(cron: string, timezone: string, after: Date): Date {
  return nextFireTimes(cron, timezone, after, 1)[0];
}

/** The last fire time at or before `at`. */
export function latestFireTime(cron: string, timezone: string, at: Date): Date {
  // prev() answers strictly before its start, and fire times fall on whole seconds.
  return parseExpression(cron, { currentDate: new Date(at.getTime() + 1), tz: timezone })
    .prev()
    .toDate();
}
