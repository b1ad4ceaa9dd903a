import { Paginated, RawReply, Type, defineRoute } from '@atrium/kernel';
import { LoginExportQuery, LoginFilters, LoginSchema } from './audit.schemas';
import { logScopeOf } from './log-scope';
import { LoginLog } from './login-log';
import { csvReply } from './csv-reply';

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
  summary: 'Every login attempt the filters select, as CSV, newest first',
  description: 'Streamed a thousand rows at a time: however many rows match, the server holds one batch.',
  query: LoginExportQuery,
  raw: { contentType: 'text/csv' },
  response: Type.String(),
  handler: ({ query: { format: _format, ...filter }, principal }, ctx): RawReply =>
    csvReply('audit-logins', new LoginLog(ctx.db, logScopeOf(principal)).export(filter)),
});
