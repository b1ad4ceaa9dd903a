import { Paginated, SPREADSHEET_ANSWER, spreadsheetReply, type TSchema, defineRoute } from '@atrium/kernel';
import { LoginExportQuery, LoginFilters, LoginSchema } from './audit.schemas';
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

export const exportLogins = defineRoute({
  method: 'GET',
  path: '/audit/logins/export',
  permission: 'audit:login:export',
  summary: 'Every login attempt the filters select as a spreadsheet (csv, the default, or xlsx), newest first',
  description:
    "Streamed a thousand rows at a time: however many rows match, the server holds about one batch. The header row is in the caller's language (Accept-Language).",
  query: LoginExportQuery,
  ...SPREADSHEET_ANSWER,
  response: SPREADSHEET_ANSWER.response as TSchema,
  handler: (request, ctx) => {
    const { format = 'csv', ...filter } = request.query;
    const batches = new LoginLog(ctx.db, logScopeOf(request.principal)).batches(filter);
    return spreadsheetReply({ name: 'audit-logins', format, columns: LOGIN_COLUMNS, request, batches, log: ctx.log });
  },
});
