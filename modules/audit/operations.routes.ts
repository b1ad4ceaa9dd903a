import { KernelErrors, Paginated, defineExportRoute, Type, defineRoute } from '@atrium/kernel';
import { OperationDetailSchema, OperationFilters, OperationSchema } from './audit.schemas';
import { OPERATION_COLUMNS } from './log-columns';
import { logScopeOf } from './log-scope';
import { OperationLog } from './operation-log';

export const listOperations = defineRoute({
  method: 'GET',
  path: '/audit/operations',
  permission: 'audit:operation:list',
  summary: 'Audited requests (every one that is not a read, and every 401 and 403), a page at a time',
  description:
    'One row per audited request: who, which module and permission, method, path, status, duration and trace id. Reads that succeed are not audited, but for spreadsheet exports (`…/export`), which hand data out. Passwords, tokens and secrets never reach these rows. Filters and sort fields are listed with the parameters.',
  query: OperationFilters,
  list: { sort: { at: 'at', status: 'status', durationMs: 'durationMs', username: 'username', moduleId: 'moduleId' } },
  response: Paginated(OperationSchema),
  handler: ({ query, page, principal }, ctx) => new OperationLog(ctx.db, logScopeOf(principal)).list(page, query),
});

// Declared before `/audit/operations/{id}`: routes match in order, and `export` is no id.
export const exportOperations = defineExportRoute({
  path: '/audit/operations/export',
  permission: 'audit:operation:export',
  summary: 'Every audited request the filters select as a spreadsheet (csv, the default, or xlsx), newest first',
  description:
    "Streamed a thousand rows at a time: however many rows match, the server holds about one batch. The header row is in the caller's language (Accept-Language). Past the background-export threshold the file is made by a task, answered 201.",
  filters: OperationFilters,
  defaultFormat: 'csv',
  name: 'audit-operations',
  columns: OPERATION_COLUMNS,
  source: (ctx, _params, filter, caller) => {
    const log = new OperationLog(ctx.db, logScopeOf(caller));
    return { batches: () => log.batches(filter), total: (limit) => log.total(filter, limit) };
  },
});

export const getOperation = defineRoute({
  method: 'GET',
  path: '/audit/operations/{id}',
  permission: 'audit:operation:query',
  summary: 'One audited request, with its body summary and what it changed',
  description:
    'The audited request with a summary of its body (secrets removed) and the change records it produced: the entity, its id and the fields before and after.',
  params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
  response: OperationDetailSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params, principal }, ctx) => new OperationLog(ctx.db, logScopeOf(principal)).get(params.id),
});
