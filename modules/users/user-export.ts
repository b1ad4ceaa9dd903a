import { EXPORT_BATCH, rowsAfter, sheetColumns, type FilterQuery, type ModuleContext, type PageRequest } from '@atrium/kernel';
import { listOrder } from './user-list-order';
import { userListWhere, type UserListFilter } from './user-list-filter';
import { userPage } from './user-page';
import { toView } from './user-view';
import type { User } from './user.entity';
import { UserSchema } from './user.schemas';

/** The columns of the users' spreadsheet: what a person reads, statuses by their labels (sys_user_status). */
export const USER_EXPORT_COLUMNS = sheetColumns(
  UserSchema,
  [
    { field: 'username', title: { en: 'Username', zh: '用户名' } },
    { field: 'nickname', title: { en: 'Nickname', zh: '昵称' } },
    { field: 'email', title: { en: 'Email', zh: '邮箱' } },
    { field: 'phone', title: { en: 'Phone', zh: '手机号码' } },
    { field: 'status', title: { en: 'Status', zh: '状态' }, dictionary: 'sys_user_status' },
    { field: 'deptId', title: { en: 'Department ID', zh: '部门 ID' } },
    { field: 'roleIds', title: { en: 'Role IDs', zh: '角色 ID' } },
    { field: 'postIds', title: { en: 'Post IDs', zh: '岗位 ID' } },
    { field: 'createdAt', title: { en: 'Created at', zh: '创建时间' } },
  ],
  'users export',
);

/**
 * Every user the list's filters select within the caller's data scope, in the list's order, a
 * batch at a time: the list's own page statement (user-page.ts) with its conditions, each batch
 * starting after the last user of the one before (keyset), so each is an index range.
 */
export async function* userExportBatches(ctx: ModuleContext, page: PageRequest, filter: UserListFilter): AsyncGenerator<ReturnType<typeof toView>[]> {
  const em = ctx.db.em();
  const where = await userListWhere(ctx, em, filter);
  const orderBy = listOrder(page);
  const keys = Object.entries(orderBy).map(([property, direction]) => ({ property, direction }));
  let after: FilterQuery<User> | undefined;
  for (;;) {
    const bound = after;
    const { users, links, last } = await userPage(em, {
      where: bound ? () => ({ $and: [where(), bound] }) as FilterQuery<User> : where,
      orderBy,
      limit: EXPORT_BATCH,
      offset: 0,
      keyset: true,
    });
    if (users.length > 0) yield users.map((user) => toView(user, links));
    if (users.length < EXPORT_BATCH || !last) return;
    after = rowsAfter(keys, last) as FilterQuery<User>;
  }
}
