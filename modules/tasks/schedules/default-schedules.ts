import { DEFAULT_TENANT_ID, inject, injectable, runInTenant, type ModuleContext } from '@atrium/kernel';
import type { DefaultSchedule, TaskHandler } from '../api';
import { TaskTypes } from '../task-types';
import { TasksContext } from '../tasks-context';
import { nextFireTime } from './cron-schedule';
import { checkTiming } from './schedule-definition';
import { TaskScheduleEntity } from './schedule.entity';

const NAME_MAX_LENGTH = 100;

/**
 * Makes the default schedules of the registered types (`TaskHandler.defaultSchedule`), each once
 * ever: a type's row in `task_default_schedules` is claimed in the transaction that makes its
 * schedule, so two instances starting together make one, and a schedule an operator has since
 * edited, disabled or deleted is left as they left it. Run by the scheduler's loop, so a type
 * that comes with a module enabled or loaded later gets its schedule within a tick. A type
 * claimed already is settled by one read, its declaration not planned again.
 */
@injectable()
export class DefaultSchedules {
  /** Types this process has settled: made, found made, or refused for a bad declaration. */
  private readonly settled = new Set<string>();

  constructor(@inject(TasksContext) private readonly ctx: ModuleContext) {}

  /** Settles every type not settled yet; a failure to reach the database is tried again at the next call. */
  async ensure(now = new Date()): Promise<void> {
    const unsettled = this.ctx
      .resolve(TaskTypes)
      .defaultSchedules()
      .filter(({ handler }) => !this.settled.has(handler.type));
    if (unsettled.length === 0) return;
    const claimed = await this.claimedOf(unsettled.map(({ handler }) => handler.type));
    for (const { handler, moduleId } of unsettled) {
      // Made at an earlier start, or by another instance: nothing to plan. Planning reads the cron
      // with cron-parser, whose luxon asks Intl, which brings ICU's data in: 10 MB of idle memory.
      if (claimed.has(handler.type)) {
        this.settled.add(handler.type);
        continue;
      }
      const planned = this.plan(handler, moduleId, now);
      if (planned) await runInTenant(DEFAULT_TENANT_ID, () => this.make(handler.type, moduleId, planned));
      this.settled.add(handler.type);
    }
  }

  /** Which of `types` have been claimed already (their schedule made once, whatever became of it). */
  private async claimedOf(types: string[]): Promise<Set<string>> {
    const rows = await runInTenant(DEFAULT_TENANT_ID, () =>
      this.ctx.db.em().fork().execute<{ type: string }[]>('select type from task_default_schedules where type in (?)', [types]),
    );
    return new Set(rows.map(({ type }) => type));
  }

  /** The schedule's row, or undefined (logged) when its declaration cannot make one. */
  private plan(handler: TaskHandler & { defaultSchedule: DefaultSchedule }, moduleId: string, now: Date) {
    const declared = handler.defaultSchedule;
    try {
      const timing = checkTiming({ cron: declared.cron, timezone: declared.timezone ?? 'UTC' });
      const payload = structuredClone(declared.payload ?? {});
      this.ctx.resolve(TaskTypes).check(handler.type, payload, '/defaultSchedule/payload');
      return {
        name: (declared.name ?? handler.title).slice(0, NAME_MAX_LENGTH),
        ...timing,
        type: handler.type,
        payload,
        enabled: true,
        nextFireAt: nextFireTime(timing.cron, timing.timezone, now),
        lastFiredAt: null,
        createdBy: `module:${moduleId}`,
      };
    } catch (error) {
      this.ctx.log.error({ err: error, type: handler.type, moduleId }, 'a default schedule cannot be made from its declaration: it is ignored');
      return undefined;
    }
  }

  private async make(type: string, moduleId: string, planned: NonNullable<ReturnType<DefaultSchedules['plan']>>): Promise<void> {
    await this.ctx.db
      .em()
      .fork()
      .transactional(async (em) => {
        const claimed = await em.execute<{ type: string }[]>(
          'insert into task_default_schedules (type, module_id) values (?, ?) on conflict (type) do nothing returning type',
          [type, moduleId],
        );
        // Made before, by this instance or another: whatever became of it is the operators'.
        if (claimed.length === 0) return;
        // An operator's schedule of that name came first: theirs stands, and none is made.
        if ((await em.count(TaskScheduleEntity, { name: planned.name })) > 0) return;
        const schedule = em.create(TaskScheduleEntity, planned);
        await em.flush();
        await em.execute('update task_default_schedules set schedule_id = ? where type = ?', [schedule.id, type]);
        this.ctx.log.info({ type, moduleId, scheduleId: schedule.id, cron: planned.cron }, 'made the default schedule a task type comes with');
      });
  }
}
