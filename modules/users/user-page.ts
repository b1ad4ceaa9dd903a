import { builtStatement, raw, rowChangesColumn, statementOf, type BuiltStatement, type FilterQuery, type EntityManager } from '@atrium/kernel';
import type { UserFields, UserLinks } from './user-view';
import { UserEntity, type User } from './user.entity';

export interface UserPage {
  users: UserFields[];
  links: UserLinks;
  /** The last row's sortable fields by property, timestamps as PostgreSQL wrote them: a cursor's keys. */
  last?: Readonly<Record<string, string>>;
  /** users_user's row_changes as this page's statement saw it: the total's key (pageTotal). */
  rowChanges?: string | null;
}

export interface UserPageQuery {
  /** Built anew for each use (the page, the statement's key): builders take it over. */
  where: () => FilterQuery<User>;
  orderBy: Record<string, 'asc' | 'desc'>;
  limit: number;
  offset: number;
  /**
   * The rows selected directly, without the ids' query first: for batches read by keyset (an
   * export), which skip no rows. Joined back, a batch of a thousand ids made the database hash
   * the tenant's whole table for each batch.
   */
  keyset?: boolean;
}

interface RawRow {
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  phone: string | null;
  status: User['status'];
  dept_id: string | null;
  version: number;
  /** As PostgreSQL writes them: the ORM's driver leaves dates to the ORM (platform.parseDate). */
  created_at: string;
  updated_at: string;
  /** Comma-separated; null for none. */
  role_ids: string | null;
  post_ids: string | null;
  row_changes: string | null;
}

// Each user's links, ordered as linksOf() orders them, joined by commas (which no UUID holds):
// splitting a string costs a fraction of reading a PostgreSQL array. The link tables are this
// module's own and not data-scoped: the users they are asked about are already the visible ones.
const LINKS = `(select string_agg(l.role_id::text, ',' order by l.role_id) from users_user_role l where l.user_id = u.id) as role_ids,
  (select string_agg(l.post_id::text, ',' order by l.post_id) from users_user_post l where l.user_id = u.id) as post_ids`;
const COLUMNS = `u.id, u.username, u.nickname, u.email, u.phone, u.status, u.dept_id, u.version, u.created_at, u.updated_at, ${rowChangesColumn('users_user')}`;

/**
 * A page of users with each one's roles and posts, in one statement: the page's ids first (the
 * filters, the order, the offset, through the indexes alone), then the rows and links of those
 * ids only. Selected together, the links' subqueries ran for every row the offset skipped: page
 * 5,000 took over a second. Rows are read as they come, without building entities (hydration and
 * the identity map cost more than the query: toolchain.md).
 */
export async function userPage(em: EntityManager, query: UserPageQuery): Promise<UserPage> {
  const { sql, params } = await statement(em, query);
  const rows = await em.execute<RawRow[]>(sql, [...params]);
  const platform = em.getPlatform();
  const last = rows.at(-1);
  return {
    users: rows.map((r) => ({
      id: r.id,
      username: r.username,
      nickname: r.nickname,
      email: r.email,
      phone: r.phone,
      status: r.status,
      deptId: r.dept_id,
      version: r.version,
      createdAt: platform.parseDate(r.created_at) as Date,
      updatedAt: platform.parseDate(r.updated_at) as Date,
    })),
    links: { roleIds: new Map(rows.map((r) => [r.id, ids(r.role_ids)])), postIds: new Map(rows.map((r) => [r.id, ids(r.post_ids)])) },
    last: last && { id: last.id, username: last.username, nickname: last.nickname, createdAt: last.created_at, updatedAt: last.updated_at },
    rowChanges: last?.row_changes,
  };
}

function ids(joined: string | null): string[] {
  return joined === null ? [] : joined.split(',');
}

/** The SQL of the page and its values, built once per shape and scope. */
function statement(em: EntityManager, query: UserPageQuery): Promise<BuiltStatement> {
  return builtStatement(em, UserEntity, ['users page', query.where(), query.orderBy, query.limit, query.offset, query.keyset === true], () => build(em, query));
}

/**
 * The ids' query comes from the query builder, which applies filters (data scope) only when
 * asked; the outer statement joins the rows back and orders them again, since a join keeps no
 * order of its own. Its ORDER BY names columns of the entity's metadata, never client text.
 */
async function build(em: EntityManager, query: UserPageQuery): Promise<BuiltStatement> {
  if (query.keyset) {
    const rows = em
      .createQueryBuilder(UserEntity, 'u')
      .select(raw(`${COLUMNS}, ${LINKS}`))
      .where(query.where())
      .orderBy(query.orderBy)
      .limit(query.limit);
    await rows.applyFilters();
    return statementOf(rows);
  }
  const page = em.createQueryBuilder(UserEntity, 'p').select('id').where(query.where()).orderBy(query.orderBy).limit(query.limit).offset(query.offset);
  await page.applyFilters();
  const { properties } = em.getMetadata().get<User>(UserEntity.meta.className);
  const order = Object.entries(query.orderBy)
    .map(([property, direction]) => `u.${(properties as Record<string, { fieldNames: string[] }>)[property].fieldNames[0]} ${direction}`)
    .join(', ');
  const ids = statementOf(page);
  return { sql: `select ${COLUMNS}, ${LINKS} from (${ids.sql}) as page join users_user u on u.id = page.id order by ${order}`, params: ids.params };
}
