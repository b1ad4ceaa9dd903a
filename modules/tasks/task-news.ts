import type { ModuleContext } from '@atrium/kernel';
import type { Task } from './task.entity';
import { toTaskView } from './task-view';

/** What a task's submitter's event streams (GET /me/events) hear at each change of its state or progress. */
export const TASK_UPDATED = 'task.updated';

/**
 * Tells the submitter's event streams, on every instance, what the task is now (its view, as
 * `GET /tasks/{id}` answers it). It never fails the change it reports: the bus keeps what Redis
 * cannot take yet.
 */
export function announceTask(ctx: ModuleContext, task: Task): Promise<void> {
  return ctx.events.push(TASK_UPDATED, toTaskView(task), { tenantId: task.tenantId, userIds: [task.createdBy] });
}
