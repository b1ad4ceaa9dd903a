import { contribute, defineModule, provide } from '@atrium/kernel';
import { TaskHandlerSpi, TasksApi } from './api';
import { TaskErrors } from './errors';
import { ScheduleErrors } from './schedules/schedule-errors';
import { TaskScheduleEntity } from './schedules/schedule.entity';
import { checkSchedulerSettings, startScheduler, stopScheduler } from './schedules/scheduler';
import { scheduleRoutes } from './schedules/schedules.routes';
import { systemTaskTypes } from './system-task-types';
import { taskDictionaries } from './task-dictionaries';
import { TaskAttemptEntity } from './task-attempt.entity';
import { TASK_ADMIN } from './task-caller';
import { TaskSubmitter } from './task-submitter';
import { TaskEntity } from './task.entity';
import { bindTasksContext } from './tasks-context';
import { TasksRuntime } from './tasks-runtime';
import { cancelTask, getTask, getTaskAttempts, listTaskTypes, listTasks, retryTask, runTask, submitTask } from './tasks.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/tasks': '任务管理', '/system/tasks/schedules': '定时任务' } },
  errors: { ...TaskErrors, ...ScheduleErrors },
  entities: [TaskEntity, TaskAttemptEntity, TaskScheduleEntity],
  // Fixed paths (/tasks/types, /tasks/schedules…) before /tasks/{id}, which would take them for an id.
  routes: [submitTask, listTasks, listTaskTypes, ...scheduleRoutes, getTask, getTaskAttempts, runTask, cancelTask, retryTask],
  provides: [provide(TasksApi, (ctx) => bindTasksContext(ctx).resolve(TaskSubmitter))],
  contributes: [contribute(TaskHandlerSpi, systemTaskTypes), taskDictionaries],
  permissionsCheckedInCode: [TASK_ADMIN],
  async start(ctx) {
    checkSchedulerSettings(ctx);
    await bindTasksContext(ctx).resolve(TasksRuntime).start();
    if (ctx.environment.background) startScheduler(ctx);
  },
  async stop(ctx) {
    await stopScheduler(ctx);
    await ctx.resolve(TasksRuntime).stop();
  },
});
