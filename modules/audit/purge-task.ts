import { Type, type ModuleContext } from '@atrium/kernel';
import { defineTaskHandler } from '@atrium/module/tasks';
import { purgeExpired } from './retention';

/** Needed to submit, run or schedule `audit.purge` (the tasks module checks it). */
export const PURGE_PERMISSION = 'audit:record:purge';

/** `audit.purge` as a task type, run by its default schedule every night. */
export function purgeTask(ctx: ModuleContext) {
  return defineTaskHandler({
    type: 'audit.purge',
    title: 'Purge expired audit records',
    permission: PURGE_PERMISSION,
    description: 'Deletes login and operation records older than the audit.retention.days param. The result counts what was deleted.',
    payload: Type.Object({}),
    defaultSchedule: { cron: '0 3 * * *', name: 'Purge expired audit records (nightly)' },
    async run() {
      const { before, days, operations, logins } = await purgeExpired(ctx);
      return { before: before.toISOString(), days, operations, logins };
    },
  });
}
