import { Paginated, defineExportRoute, defineRoute } from '@atrium/kernel';
import { LoginFilters, LoginSchema } from './audit.schemas';
import { LOGIN_COLUMNS } from './log-columns';
import { logScopeOf } from './log-scope';
import { LoginLog } from './login-log';

export const listLogins = defineRoute({
  method: 'GET',
  path: '/audit/logins',
  permission: 'audit:login:list',
  summary: 'Login attempts, a page at a time (newest first by default)',
  description:
    'Every login attempt, successful or not, with the username as sent, the client address, the user agent and the reason of a refusal. Append-only; purged after the retention param by the audit.purge task. Filters and sort fields are listed with the parameters.',
  query: LoginFilters,
  list: { sort: { at: 'at', username: 'username', ip: 'ip' } },
  response: Paginated(LoginSchema),
  handler: ({ query, page, principal }, ctx) => new LoginLog(ctx.db, logScopeOf(principal)).list(page, query),
});

export const exportLogins = defineExportRoute({
  path: '/audit/logins/export',
  permission: 'audit:login:export',
  summary: 'Every login attempt the filters select as a spreadsheet (csv, the default, or xlsx), newest first',
  description:
    "Streamed a thousand rows at a time: however many rows match, the server holds about one batch. The header row is in the caller's language (Accept-Language). Past the background-export threshold the file is made by a task, answered 201.",
  filters: LoginFilters,
  defaultFormat: 'csv',
  name: 'audit-logins',
  columns: LOGIN_COLUMNS,
  source: (ctx, _params, filter, caller) => {
    const log = new LoginLog(ctx.db, logScopeOf(caller));
    return { batches: () => log.batches(filter), total: (limit) => log.total(filter, limit) };
  },
});
