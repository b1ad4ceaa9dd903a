import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  checkVersion,
  escapeLike,
  flushChanges,
  notFound,
  recordChange,
  type ModuleContext,
  type Page,
  type PageRequest,
  type Principal,
} from '@atrium/kernel';
import { TaskTypes } from '../task-types';
import { DEFAULT_TIME_ZONE, nextFireTime } from './cron-schedule';
import { checkTiming, checkWork, payloadOrEmpty } from './schedule-definition';
import { TaskScheduleEntity, type TaskSchedule } from './schedule.entity';
import { ScheduleErrors } from './schedule-errors';
import { toScheduleView, type ScheduleView } from './schedule-views';

export interface ScheduleFilters {
  keyword?: string;
  type?: string;
  enabled?: boolean;
}

export interface ScheduleInput {
  name: string;
  cron: string;
  timezone?: string;
  type: string;
  payload?: unknown;
  enabled?: boolean;
}

/** What an update may change; an absent field keeps its value. */
export type ScheduleChange = Partial<ScheduleInput>;

const UNIQUE = { task_schedules_name_key: { error: ScheduleErrors.TASK_SCHEDULE_DUPLICATED_409, field: '/body/name' } };

/**
 * The schedules' definitions. Every change that decides when a schedule fires (cron, time zone,
 * enabled) sets its next fire time from now: a schedule never fires for the time it was disabled
 * or had another cron.
 */
export class ScheduleService {
  private readonly types: TaskTypes;

  constructor(private readonly ctx: ModuleContext) {
    this.types = ctx.resolve(TaskTypes);
  }

  async list(page: PageRequest, { keyword, type, enabled }: ScheduleFilters): Promise<Page<ScheduleView>> {
    const where: FilterQuery<TaskSchedule> = {
      ...(keyword ? { name: { $ilike: `%${escapeLike(keyword)}%` } } : {}),
      ...(type ? { type } : {}),
      ...(enabled !== undefined ? { enabled } : {}),
    };
    const orderBy = { ...page.orderBy({ name: 'asc' }), id: 'asc' } as const;
    const [rows, total] = await this.ctx.db.em().findAndCount(TaskScheduleEntity, where, { orderBy, limit: page.limit, offset: page.offset });
    const now = new Date();
    return page.result(
      rows.map((row) => toScheduleView(row, now)),
      total,
    );
  }

  async get(id: string): Promise<ScheduleView> {
    return toScheduleView(await load(this.ctx.db.em(), id));
  }

  /** The caller becomes the schedule's creator: the tasks it submits are theirs, so they must hold the type's permission. */
  async create(input: ScheduleInput, caller: Pick<Principal, 'userId' | 'permissions'>): Promise<ScheduleView> {
    const timing = checkTiming({ cron: input.cron, timezone: input.timezone ?? DEFAULT_TIME_ZONE });
    const payload = payloadOrEmpty(input.payload);
    checkWork(this.types, input.type, payload);
    this.types.authorise(input.type, caller.permissions, '/body/type');
    const createdBy = caller.userId;
    const enabled = input.enabled ?? true;
    const em = this.ctx.db.em();
    const schedule = em.create(TaskScheduleEntity, {
      name: input.name.trim(),
      ...timing,
      type: input.type,
      payload,
      enabled,
      nextFireAt: enabled ? nextFireTime(timing.cron, timing.timezone, new Date()) : null,
      lastFiredAt: null,
      createdBy,
    });
    await flushChanges(em, UNIQUE);
    const view = toScheduleView(schedule);
    recordChange({ resource: 'schedule', id: schedule.id, action: 'create', after: view });
    return view;
  }

  /** Whoever changes what a schedule submits (type or payload) must hold the type's permission. */
  async update(id: string, change: ScheduleChange, version: number, permissions: readonly string[]): Promise<ScheduleView> {
    const em = this.ctx.db.em();
    const schedule = await load(em, id);
    checkVersion(schedule.version, version);
    const before = toScheduleView(schedule);
    // Only what the change touches is checked: a schedule whose type's module is disabled can
    // still be renamed or disabled.
    const timing =
      change.cron !== undefined || change.timezone !== undefined
        ? checkTiming({ cron: change.cron ?? schedule.cron, timezone: change.timezone ?? schedule.timezone })
        : schedule;
    const type = change.type ?? schedule.type;
    const payload = 'payload' in change ? payloadOrEmpty(change.payload) : schedule.payload;
    if (change.type !== undefined || 'payload' in change) {
      checkWork(this.types, type, payload);
      this.types.authorise(type, permissions, change.type !== undefined ? '/body/type' : '/body/payload');
    }
    const timingChanged = timing.cron !== schedule.cron || timing.timezone !== schedule.timezone;
    em.assign(schedule, { cron: timing.cron, timezone: timing.timezone, type, payload, ...(change.name !== undefined ? { name: change.name.trim() } : {}) });
    this.setEnabled(schedule, change.enabled ?? schedule.enabled, timingChanged);
    await flushChanges(em, UNIQUE);
    const after = toScheduleView(schedule);
    recordChange({ resource: 'schedule', id, action: 'update', before, after });
    return after;
  }

  /** Enables or disables; the same state again changes nothing (and keeps the version). */
  async setState(id: string, enabled: boolean, version: number | undefined): Promise<ScheduleView> {
    const em = this.ctx.db.em();
    const schedule = await load(em, id);
    checkVersion(schedule.version, version, '/query/version');
    if (schedule.enabled === enabled) return toScheduleView(schedule);
    const before = toScheduleView(schedule);
    this.setEnabled(schedule, enabled, false);
    await flushChanges(em);
    const after = toScheduleView(schedule);
    recordChange({ resource: 'schedule', id, action: 'update', before, after });
    return after;
  }

  async remove(id: string, version?: number): Promise<void> {
    const em = this.ctx.db.em();
    const schedule = await load(em, id);
    checkVersion(schedule.version, version, '/query/version');
    const before = toScheduleView(schedule);
    em.remove(schedule);
    await flushChanges(em);
    recordChange({ resource: 'schedule', id, action: 'delete', before });
  }

  /** A schedule that starts firing, or fires on new terms, starts from the next fire time after now. */
  private setEnabled(schedule: TaskSchedule, enabled: boolean, timingChanged: boolean): void {
    if (!enabled) {
      schedule.enabled = false;
      schedule.nextFireAt = null;
    } else if (!schedule.enabled || timingChanged) {
      schedule.enabled = true;
      schedule.nextFireAt = nextFireTime(schedule.cron, schedule.timezone, new Date());
    }
  }
}

async function load(em: EntityManager, id: string): Promise<TaskSchedule> {
  const schedule = await em.findOne(TaskScheduleEntity, { id });
  if (!schedule) throw notFound('schedule', id);
  return schedule;
}
