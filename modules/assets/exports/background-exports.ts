import { anyPermissionGrants, newId, type BackgroundExports, type ModuleContext } from '@atrium/kernel';
import { ParamsApi } from '@atrium/module/params';
import { TasksApi } from '@atrium/module/tasks';
import { BACKGROUND_ROWS } from './export-settings';
import { EXPORT_TASK_TYPE } from './export.task';
import { exportJobs } from './export-jobs';

/** The tasks module's permission to submit tasks and follow one's own (GET /tasks/{id}). */
const FOLLOW_TASKS = 'task:task:submit';

/**
 * The assets module's contribution to `kernel.export-background`: a large export is kept as a
 * job (export-jobs.ts) and made by an `assets.export` task acting for the caller, whose result
 * is the file as an asset of theirs.
 */
export function backgroundExports(ctx: ModuleContext): BackgroundExports {
  return {
    // Whoever cannot see their own tasks could not follow this one: their file comes at once.
    threshold: async (caller) => (anyPermissionGrants(caller.permissions, FOLLOW_TASKS) ? ctx.use(ParamsApi).get(BACKGROUND_ROWS) : 0),
    submit: async (job) => {
      const id = newId();
      const createdBy = job.caller.userId;
      await ctx.db.transactional((em) => exportJobs.insert(em, { id, createdBy, job }));
      // The task's key is the job's: it is made once.
      const { task } = await ctx
        .use(TasksApi)
        .submit({ idempotencyKey: `${EXPORT_TASK_TYPE}:${id}`, type: EXPORT_TASK_TYPE, payload: { exportId: id } }, createdBy);
      return task;
    },
  };
}
