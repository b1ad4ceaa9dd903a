import {
  EXPORT_BATCH,
  Type,
  keysetStatements,
  raw,
  sheetColumns,
  statementOf,
  type EntityManager,
  type FilterQuery,
  type ModuleContext,
  type PageRequest,
} from '@atrium/kernel';
import { exportNames } from './user-export-names';
import { listOrder } from './user-list-order';
import { userListWhere, type UserListFilter } from './user-list-filter';
import { UserEntity, type User } from './user.entity';

/** A user as the spreadsheet shows it: other modules' rows by their names, never an id. */
const UserExportRow = Type.Object({
  username: Type.String(),
  nickname: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  department: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  posts: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});

/** The columns of the users' spreadsheet: what a person reads, statuses by their labels (sys_user_status). */
export const USER_EXPORT_COLUMNS = sheetColumns(
  UserExportRow,
  [
    { field: 'username', title: { en: 'Username', zh: '用户名' } },
    { field: 'nickname', title: { en: 'Nickname', zh: '昵称' } },
    { field: 'email', title: { en: 'Email', zh: '邮箱' } },
    { field: 'phone', title: { en: 'Phone', zh: '手机号码' } },
    { field: 'status', title: { en: 'Status', zh: '状态' }, dictionary: 'sys_user_status' },
    { field: 'department', title: { en: 'Department', zh: '部门' } },
    { field: 'roles', title: { en: 'Roles', zh: '角色' } },
    { field: 'posts', title: { en: 'Posts', zh: '岗位' } },
    { field: 'createdAt', title: { en: 'Created at', zh: '创建时间' } },
  ],
  'users export',
);

/**
 * A row as the batch's statement reads it: the sheet's fields under their own names (the
 * department's id until its name replaces it; the creation time already ISO 8601 text, as the
 * API writes it), and the keys of the order as PostgreSQL wrote them, for the next batch's start.
 */
interface ExportRow {
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  phone: string | null;
  status: string;
  department: string | null;
  roles: string[];
  posts: string[];
  createdAt: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `u.id, u.username, u.nickname, u.email, u.phone, u.status, u.dept_id as "department",
  to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt", u.created_at, u.updated_at`;

// A batch's links in one statement, its users' ids as one array value (not a thousand parameters),
// each user's looked up by the link tables' keys and joined by commas (which no UUID holds). As a
// join or user_id = any(…), the planner read the tenant's every link through the tenant's
// index (its row-level policy's) and filtered or hashed them, for each batch.
const LINKS = `select b.id,
    (select string_agg(l.role_id::text, ',') from users_user_role l where l.user_id = b.id) as role_ids,
    (select string_agg(l.post_id::text, ',') from users_user_post l where l.user_id = b.id) as post_ids
  from unnest(?::uuid[]) as b(id)`;

/**
 * Every user the list's filters select within the caller's data scope, in the list's order, a
 * batch at a time, as the sheet shows them: each batch read directly by the list's conditions,
 * starting after the last user of the one before (keyset: an index range), then its roles and
 * posts by one statement, then the names of what it links to that no batch before has met. The
 * rows the database returns are the batch: no further object per user.
 */
export async function* userExportBatches(ctx: ModuleContext, page: PageRequest, filter: UserListFilter): AsyncGenerator<object[]> {
  const em = ctx.db.em();
  const where = await userListWhere(ctx, em, filter);
  const orderBy = listOrder(page);
  const keys = Object.entries(orderBy).map(([property, direction]) => ({ property, direction }));
  const names = exportNames(ctx);
  const statement = keysetStatements(keys, async (after) => {
    const qb = em
      .createQueryBuilder(UserEntity, 'u')
      .select(raw(COLUMNS))
      .where(after ? ({ $and: [where(), after] } as FilterQuery<User>) : where())
      .orderBy(orderBy)
      .limit(EXPORT_BATCH);
    await qb.applyFilters();
    return statementOf(qb);
  });
  let last: ExportRow | undefined;
  for (;;) {
    const keyValues = last && { id: last.id, username: last.username, nickname: last.nickname, createdAt: last.created_at, updatedAt: last.updated_at };
    const { sql, params } = await statement(keyValues);
    const rows = await em.execute<ExportRow[]>(sql, [...params]);
    if (rows.length === 0) return;
    last = rows[rows.length - 1];
    yield await named(em, rows, names);
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** The batch with its department, roles and posts by name. */
async function named(em: EntityManager, rows: ExportRow[], names: ReturnType<typeof exportNames>): Promise<ExportRow[]> {
  const links = await em.execute<Array<{ id: string; role_ids: string | null; post_ids: string | null }>>(LINKS, [`{${rows.map((row) => row.id).join(',')}}`]);
  const byUser = new Map(links.map((link) => [link.id, { roles: idsOf(link.role_ids), posts: idsOf(link.post_ids) }]));
  const known = await names({
    departments: rows.flatMap((row) => row.department ?? []),
    roles: links.flatMap((link) => byUser.get(link.id)!.roles),
    posts: links.flatMap((link) => byUser.get(link.id)!.posts),
  });
  for (const row of rows) {
    if (row.department !== null) row.department = known.departments.get(row.department)!;
    const held = byUser.get(row.id);
    row.roles = held ? sortedNames(held.roles, known.roles) : [];
    row.posts = held ? sortedNames(held.posts, known.posts) : [];
  }
  return rows;
}

function idsOf(joined: string | null): string[] {
  return joined === null ? [] : joined.split(',');
}

function sortedNames(ids: readonly string[], known: ReadonlyMap<string, string>): string[] {
  const names = ids.map((id) => known.get(id)!);
  // By code point: the same order whatever the server's locale, and cheap for a hundred thousand rows.
  return names.length > 1 ? names.sort() : names;
}
