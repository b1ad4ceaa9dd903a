import { defineErrors } from '@atrium/kernel';

/**
 * The schedules' own conflict; merged into the tasks module's catalogue by its index.ts. Not
 * found, stale versions and bad input are the kernel's codes, unknown types the tasks' code.
 */
export const ScheduleErrors = defineErrors({
  TASK_SCHEDULE_DUPLICATED_409: {
    en: 'Another schedule already has this name.',
    zh: '已有其他定时计划使用此名称。',
  },
});
