import { AppError, LockMode, runAsPlatform, runInTenant, type EntityManager, type ModuleContext } from '@atrium/kernel';
import { TenantDirectoryApi } from '@atrium/module/tenants';
import { TaskDispatcher } from '../task-dispatcher';
import { TaskSubmitter } from '../task-submitter';
import { TaskTypes } from '../task-types';
import { latestFireTime, nextFireTime } from './cron-schedule';
import { TaskScheduleEntity, type TaskSchedule } from './schedule.entity';

/** Schedules fired per transaction; more due ones are fired by the next transaction at once. */
export const FIRING_BATCH = 100;

/** The idempotency key of a fire time's task: the same fire time can only ever make one task. */
export function fireKey(scheduleId: string, fireAt: Date): string {
  return `schedule:${scheduleId}:${fireAt.toISOString()}`;
}

/**
 * Fires the schedules due at `now` and answers whether a full batch of some tenant's was fired
 * (more may be due). The loop's timer runs in no tenant, which sees no schedule: the tenants with
 * due schedules are found as the platform, and each usable tenant's are fired in that tenant, so
 * their tasks are its own and run in it.
 */
export async function fireDueSchedules(ctx: ModuleContext, now: Date): Promise<boolean> {
  const tenants = await runAsPlatform(() =>
    ctx.db.em().fork().execute<{ tenant_id: string }[]>('select distinct tenant_id from task_schedules where enabled and next_fire_at <= ?', [now]),
  );
  let more = false;
  for (const { tenant_id: tenantId } of tenants) {
    // A disabled or expired tenant's schedules wait, due, and fire once more (for their latest fire
    // time) when it is usable again; its users could not see what they made meanwhile.
    if (!(await ctx.use(TenantDirectoryApi).byId(tenantId))?.usable) continue;
    if (await runInTenant(tenantId, () => fireTenantSchedules(ctx, now))) more = true;
  }
  return more;
}

/**
 * Fires the current tenant's schedules due at `now`, in one transaction, and answers whether a
 * full batch was fired. Every instance runs this; `FOR UPDATE SKIP LOCKED` hands each due
 * schedule to one of them, and the others pass it by. The task and the move of `next_fire_at`
 * commit together, so a fire time is either fired and moved past, or neither; and the task's
 * idempotency key (unique per user) makes a fire time's task exist at most once even if two
 * instances ever raced past the lock.
 */
async function fireTenantSchedules(ctx: ModuleContext, now: Date): Promise<boolean> {
  // A unit of work of its own, even when the loop was started by a request (the module enabled over HTTP).
  const { more, submitted } = await ctx.db
    .em()
    .fork()
    .transactional(async (em) => {
      const due = await em.find(
        TaskScheduleEntity,
        { enabled: true, nextFireAt: { $lte: now } },
        { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, orderBy: { nextFireAt: 'asc', id: 'asc' }, limit: FIRING_BATCH },
      );
      let count = 0;
      for (const schedule of due) if (await fire(ctx, em, schedule, now)) count++;
      return { more: due.length === FIRING_BATCH, submitted: count };
    });
  // The tasks are committed and due now: this instance's workers need not wait for their poll.
  if (submitted > 0) ctx.resolve(TaskDispatcher).wake();
  return more;
}

/**
 * Submits the schedule's task for its latest fire time at or before `now` — one task, however
 * many fire times passed while no instance ran — and moves it to the first fire time after `now`.
 */
async function fire(ctx: ModuleContext, em: EntityManager, schedule: TaskSchedule, now: Date): Promise<boolean> {
  const due = schedule.nextFireAt!;
  const latest = latestFireTime(schedule.cron, schedule.timezone, now);
  const fireAt = latest > due ? latest : due;
  const next = nextFireTime(schedule.cron, schedule.timezone, now);
  const log = ctx.log.child({ scheduleId: schedule.id, fireAt: fireAt.toISOString() });
  if (fireAt > due) log.info({ missedSince: due.toISOString() }, 'fire times passed while no instance was firing: submitting one task, for the latest');
  // A copy: the check fills in the schema's defaults, and the schedule row must not change.
  const payload = structuredClone(schedule.payload);
  let submitted = false;
  try {
    ctx.resolve(TaskTypes).check(schedule.type, payload, '/payload');
    // A savepoint: a submission that fails leaves the other schedules of the batch to fire.
    await em.transactional((inner) =>
      ctx.resolve(TaskSubmitter).submitWithin(
        inner,
        // runAt is the fire time itself, so the submission is the same whoever makes it, whenever.
        { idempotencyKey: fireKey(schedule.id, fireAt), type: schedule.type, payload, runAt: fireAt },
        schedule.createdBy,
        { scheduleId: schedule.id },
      ),
    );
    submitted = true;
  } catch (error) {
    if (!(error instanceof AppError)) {
      // The database's trouble, most likely: the fire time stays due and is tried at the next tick.
      log.error({ err: error }, 'the schedule could not submit its task: trying again at the next tick');
      return false;
    }
    // The type's module is disabled, or the payload no longer fits the type: this fire time is
    // skipped (trying again would fail the same way) and the schedule goes on.
    log.warn({ type: schedule.type, code: error.code, details: error.details }, 'the schedule’s task was refused: skipping this fire time');
  }
  // Plain SQL: the ORM would count a change of `version`, which is the definition's, and make
  // every client's next edit a conflict.
  await em.execute('update task_schedules set next_fire_at = ?, last_fired_at = coalesce(?, last_fired_at) where id = ?', [
    next,
    submitted ? fireAt : null,
    schedule.id,
  ]);
  return submitted;
}
