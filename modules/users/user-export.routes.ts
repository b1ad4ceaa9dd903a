import { SPREADSHEET_ANSWER, Type, defineRoute, exportQuery, spreadsheetReply, type TSchema } from '@atrium/kernel';
import { USER_EXPORT_COLUMNS, userExportBatches } from './user-export';
import { USER_SORT } from './user-list-order';
import { UserFilterQuery } from './user.schemas';

const { cursor: _cursor, ...filters } = UserFilterQuery.properties;

// Declared with the users' routes before `/users/{id}`'s: `export` is no id.
export const exportUsers = defineRoute({
  method: 'GET',
  path: '/users/export',
  permission: 'system:user:export',
  summary: 'Users within the caller’s data scope as a spreadsheet (xlsx or csv)',
  description:
    "Every user the list's filters select within the caller's data scope, in the list's order (its `sort`), streamed as one file: a header row in the caller's language (Accept-Language), statuses as their labels. Never a password or hash. No paging: the file holds every row.",
  query: exportQuery(Type.Object(filters)),
  list: { sort: USER_SORT, paged: false },
  ...SPREADSHEET_ANSWER,
  response: SPREADSHEET_ANSWER.response as TSchema,
  handler: (request, ctx) => {
    const { format, ...filter } = request.query;
    return spreadsheetReply({
      name: 'users',
      format,
      columns: USER_EXPORT_COLUMNS,
      request,
      batches: userExportBatches(ctx, request.page, filter),
      log: ctx.log,
    });
  },
});
