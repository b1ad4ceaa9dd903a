import { Type, type ModuleContext } from '@atrium/kernel';
import { defineTaskHandler, type TaskHandlers } from '@atrium/module/tasks';
import { assetsRuntime } from './assets-runtime';
import { DEFAULT_GRACE_MINUTES, removeOrphans } from './cleanup';
import { exportTask } from './exports/export.task';

const CleanupPayload = Type.Object({
  olderThanMinutes: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 525_600,
      default: DEFAULT_GRACE_MINUTES,
      description: 'Only objects written longer ago than this are removed, so uploads in flight are never touched (default 60).',
    }),
  ),
});

/** Needed to submit, run or schedule `assets.cleanup` (the tasks module checks it). */
export const CLEANUP_PERMISSION = 'asset:asset:admin';

/** `assets.cleanup`, contributed to `tasks.handler`: removes stored bytes no asset holds. */
export function assetTaskHandlers(ctx: ModuleContext): TaskHandlers {
  const cleanup = defineTaskHandler({
    type: 'assets.cleanup',
    title: 'Remove orphaned asset bytes',
    permission: CLEANUP_PERMISSION,
    description: 'Deletes stored objects that no asset row holds and that are older than the grace period; answers what it scanned, kept and deleted.',
    payload: CleanupPayload,
    // Nightly, after the audit purge: an orphan is rare, and the scan reads every stored object.
    defaultSchedule: { cron: '30 3 * * *', name: 'Remove orphaned asset bytes (nightly)' },
    run: (payload, task) =>
      removeOrphans(assetsRuntime(ctx).store, ctx.db, task.log, { olderThanMinutes: payload.olderThanMinutes ?? DEFAULT_GRACE_MINUTES, signal: task.signal }),
  });
  return { handlers: [cleanup, exportTask(ctx)] };
}
