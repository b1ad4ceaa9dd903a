import {
  AppError,
  KernelErrors,
  RawReply,
  SPREADSHEET_TYPES,
  Type,
  defineRoute,
  discardRefusedBody,
  newId,
  permissionGrants,
  type ModuleContext,
  type Principal,
} from '@atrium/kernel';
import { TaskSchema, TasksApi, type TaskView } from '@atrium/module/tasks';
import { callerOf } from '../access-rules';
import { UserErrors } from '../errors';
import { checkPasswordPolicy } from '../password-policy';
import type { ImportLanguage } from './import-columns';
import { importStore, type ImportMode } from './import-store';
import { IMPORT_PERMISSION, IMPORT_TASK_TYPE } from './import.task';
import { ImportBody } from './import.schemas';
import { TEMPLATE_FILENAME, importTemplate } from './import-template';
import { receiveImport, type ReceivedUpload } from './import-upload';
import { countSheetRows } from './import-workbook';

const { VALIDATION_FAILED_400, PERM_DENIED_403, SYSTEM_PAYLOAD_TOO_LARGE_413 } = KernelErrors;

/** Updating existing users is editing them: the import asks what PUT /users/{id} asks. */
const EDIT_PERMISSION = 'system:user:edit';

export const importTemplateRoute = defineRoute({
  method: 'GET',
  path: '/users/import/template',
  permission: IMPORT_PERMISSION,
  summary: 'The users import template (.xlsx), its header in the caller’s language',
  description:
    'One sheet with the header row (Accept-Language: English or Chinese; an import accepts either, or the column keys username, password, nickname, email, phone, status, department, roles), a note on each header saying how to fill it, and the status column offering its values as a list.',
  raw: { contentType: SPREADSHEET_TYPES.xlsx },
  response: Type.String({ contentMediaType: SPREADSHEET_TYPES.xlsx }),
  handler: async ({ language }) =>
    new RawReply(await importTemplate(language), SPREADSHEET_TYPES.xlsx, {
      'Content-Disposition': `attachment; filename="${TEMPLATE_FILENAME}"`,
      'Cache-Control': 'no-store',
    }),
});

export const importUsersRoute = defineRoute({
  method: 'POST',
  path: '/users/import',
  permission: IMPORT_PERMISSION,
  summary: 'Imports users from an .xlsx workbook: answers the `users.import` task that does it',
  description:
    'multipart/form-data: `file` (the workbook), `mode` (`partial`, the default, or `all-or-nothing`), `updateExisting` (`true` needs system:user:edit too), `initialPassword` (for new users whose password cell is blank). The header and size are checked here (415 SYSTEM_IMPORT_UNSUPPORTED_TYPE_415 for a file that is not .xlsx, 400 SYSTEM_IMPORT_FILE_INVALID_400 for an unreadable workbook or header, 413 over the size limit); the rows, by the task, with the same rules and the caller’s data scope as POST /users and PUT /users/{id}. Follow the task (GET /tasks/{id}, or `task.updated` on GET /me/events): its result is `{ created, updated, failed: [{ row, field, code, message }] }`, `row` counting the header as row 1.',
  streamedBody: { contentType: 'multipart/form-data', schema: ImportBody },
  status: 201,
  response: TaskSchema,
  errors: [
    VALIDATION_FAILED_400,
    PERM_DENIED_403,
    SYSTEM_PAYLOAD_TOO_LARGE_413,
    UserErrors.SYSTEM_IMPORT_FILE_INVALID_400,
    UserErrors.SYSTEM_IMPORT_UNSUPPORTED_TYPE_415,
  ],
  handler: async ({ raw, principal, language }, ctx) => {
    let upload: ReceivedUpload;
    try {
      upload = await receiveImport(raw);
    } catch (error) {
      // Refused before the end of the body: let the client, likely still sending, read the answer.
      discardRefusedBody(raw);
      throw error;
    }
    return submitImport(ctx, principal, language, upload);
  },
});

async function submitImport(ctx: ModuleContext, principal: Principal, language: ImportLanguage, { bytes, fields }: ReceivedUpload): Promise<TaskView> {
  const mode = choice(fields.mode ?? 'partial', ['partial', 'all-or-nothing'] as const, '/body/mode') as ImportMode;
  const updateExisting = choice(fields.updateExisting ?? 'false', ['true', 'false'] as const, '/body/updateExisting') === 'true';
  if (updateExisting && !principal.permissions.some((held) => permissionGrants(held, EDIT_PERMISSION))) {
    throw new AppError(PERM_DENIED_403, {
      details: [
        { field: '/body/updateExisting', rule: 'permission', message: `updating existing users needs ${EDIT_PERMISSION}`, permission: EDIT_PERMISSION },
      ],
    });
  }
  const initialPassword = fields.initialPassword || null;
  if (initialPassword !== null) await checkPasswordPolicy(ctx, initialPassword, '/body/initialPassword');
  const totalRows = await countSheetRows(bytes);
  const id = newId();
  await ctx.db.transactional((em) =>
    importStore.insert(em, {
      id,
      createdBy: principal.userId,
      caller: callerOf(principal),
      mode,
      updateExisting,
      language,
      initialPassword,
      file: bytes,
      totalRows,
    }),
  );
  // The task acts for the uploader; its key is the upload's, so it is made once.
  const { task } = await ctx
    .use(TasksApi)
    .submit({ idempotencyKey: `${IMPORT_TASK_TYPE}:${id}`, type: IMPORT_TASK_TYPE, payload: { importId: id } }, principal.userId);
  return task;
}

function choice<T extends string>(value: string, allowed: readonly T[], field: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new AppError(VALIDATION_FAILED_400, { details: [{ field, rule: 'enum', message: `must be one of ${allowed.join(', ')}` }] });
}
