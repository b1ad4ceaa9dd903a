import { notFound, type FilterQuery, type ModuleContext, type Page, type PageRequest } from '@atrium/kernel';
import type { TaskState, TaskView } from './api';
import type { TaskCaller } from './task-caller';
import { TaskAttemptEntity } from './task-attempt.entity';
import { toAttemptView, toTaskView, type TaskAttemptView } from './task-view';
import { TaskEntity, type Task } from './task.entity';

export interface TaskFilters {
  state?: TaskState;
  type?: string;
  scheduleId?: string;
}

/**
 * The tasks a caller may see: their own, or everyone's for a task administrator. Another user's
 * task is not found (404), never merely forbidden: its existence is not the caller's business.
 */
export class TaskReader {
  constructor(private readonly ctx: ModuleContext) {}

  async list(page: PageRequest, filters: TaskFilters, caller: TaskCaller): Promise<Page<TaskView>> {
    const where: FilterQuery<Task> = {
      ...(caller.admin ? {} : { createdBy: caller.userId }),
      ...(filters.state ? { state: filters.state } : {}),
      ...(filters.type ? { type: filters.type } : {}),
      ...(filters.scheduleId ? { scheduleId: filters.scheduleId } : {}),
    };
    const orderBy = { ...page.orderBy({ createdAt: 'desc' }), id: 'desc' } as const;
    const [rows, total] = await this.ctx.db.em().findAndCount(TaskEntity, where, { orderBy, limit: page.limit, offset: page.offset, disableIdentityMap: true });
    return page.result(rows.map(toTaskView), total);
  }

  async get(id: string, caller: TaskCaller): Promise<TaskView> {
    return toTaskView(await this.visible(id, caller));
  }

  /** Every attempt since the task was submitted (a retry starts counting again), oldest first. */
  async attempts(id: string, caller: TaskCaller): Promise<{ items: TaskAttemptView[] }> {
    await this.visible(id, caller);
    const rows = await this.ctx.db.em().find(TaskAttemptEntity, { taskId: id }, { orderBy: { startedAt: 'asc', id: 'asc' }, disableIdentityMap: true });
    return { items: rows.map(toAttemptView) };
  }

  /** The task as the database holds it now, if the caller may see it; else 404. */
  async visible(id: string, caller: TaskCaller): Promise<Task> {
    const task = await this.ctx.db.em().findOne(TaskEntity, { id }, { disableIdentityMap: true });
    if (!task || (!caller.admin && task.createdBy !== caller.userId)) throw notFound('task', id);
    return task;
  }
}
