import { Type, type ModuleContext } from '@atrium/kernel';
import { defineTaskHandler } from '@atrium/module/tasks';
import { runImport } from './import-runner';

/** Importing users: the upload route's permission, and the task type's (to run or retry one). */
export const IMPORT_PERMISSION = 'system:user:import';
export const IMPORT_TASK_TYPE = 'users.import';

/** `users.import`, contributed to `tasks.handler`; submitted by `POST /users/import`. */
export function importTask(ctx: ModuleContext) {
  return defineTaskHandler({
    type: IMPORT_TASK_TYPE,
    title: 'Import users from a spreadsheet',
    permission: IMPORT_PERMISSION,
    description:
      'Imports the workbook uploaded with POST /users/import, with the uploader’s authority. The result is { created, updated, failed: [{ row, field, code, message }] }.',
    payload: Type.Object({ importId: Type.String({ format: 'uuid', description: 'The upload, as POST /users/import stored it' }) }),
    reportsProgress: true,
    run: ({ importId }, task) => runImport(ctx, importId, task),
  });
}
