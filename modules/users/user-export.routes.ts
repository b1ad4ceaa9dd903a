import { Type, countPast, defineExportRoute } from '@atrium/kernel';
import { USER_EXPORT_COLUMNS, userExportBatches } from './user-export';
import { userListWhere } from './user-list-filter';
import { USER_SORT } from './user-list-order';
import { UserEntity } from './user.entity';
import { UserFilterQuery } from './user.schemas';

const { cursor: _cursor, ...filters } = UserFilterQuery.properties;

// Declared with the users' routes before `/users/{id}`'s: `export` is no id.
export const exportUsers = defineExportRoute({
  path: '/users/export',
  permission: 'system:user:export',
  summary: 'Users within the caller’s data scope as a spreadsheet (xlsx or csv)',
  description:
    "Every user the list's filters select within the caller's data scope, in the list's order (its `sort`), streamed as one file: a header row in the caller's language (Accept-Language), statuses as their labels. Never a password or hash. No paging: the file holds every row. Past the background-export threshold the file is made by a task, answered 201.",
  filters: Type.Object(filters),
  sort: USER_SORT,
  name: 'users',
  columns: USER_EXPORT_COLUMNS,
  source: (ctx, _params, filter) => ({
    batches: (page) => userExportBatches(ctx, page, filter),
    total: async (limit) => {
      const em = ctx.db.em();
      return countPast(em, UserEntity, (await userListWhere(ctx, em, filter))(), limit);
    },
  }),
});
