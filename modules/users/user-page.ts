import type { FilterQuery, EntityManager } from '@atrium/kernel';
import type { UserFields, UserLinks } from './user-view';
import { UserEntity, type User } from './user.entity';

export interface UserPage {
  users: UserFields[];
  links: UserLinks;
  /** The last row's sortable fields by property, timestamps as PostgreSQL wrote them: a cursor's keys. */
  last?: Readonly<Record<string, string>>;
}

export interface UserPageQuery {
  /** Built anew for each use (the page, the statement's key): builders take it over. */
  where: () => FilterQuery<User>;
  orderBy: Record<string, 'asc' | 'desc'>;
  limit: number;
  offset: number;
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
}

// Each user's links, ordered as linksOf() orders them, joined by commas (which no UUID holds):
// splitting a string costs a fraction of reading a PostgreSQL array. The link tables are this
// module's own and not data-scoped: the users they are asked about are already the visible ones.
const LINKS = `(select string_agg(l.role_id::text, ',' order by l.role_id) from users_user_role l where l.user_id = u.id) as role_ids,
  (select string_agg(l.post_id::text, ',' order by l.post_id) from users_user_post l where l.user_id = u.id) as post_ids`;
const COLUMNS = 'u.id, u.username, u.nickname, u.email, u.phone, u.status, u.dept_id, u.version, u.created_at, u.updated_at';

/**
 * A page of users with each one's roles and posts, in one statement: the page's ids first (the
 * filters, the order, the offset, through the indexes alone), then the rows and links of those
 * ids only. Selected together, the links' subqueries ran for every row the offset skipped: page
 * 5,000 took over a second. Rows are read as they come, without building entities (hydration and
 * the identity map cost more than the query: toolchain.md).
 */
export async function userPage(em: EntityManager, query: UserPageQuery): Promise<UserPage> {
  const rows = await em.execute<RawRow[]>(await statement(em, query));
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
  };
}

function ids(joined: string | null): string[] {
  return joined === null ? [] : joined.split(',');
}

/**
 * Built statements by everything they are built from. Building one through the query builder
 * cost more CPU than running it (measured for users-list.bench.ts), and the same page is asked
 * for again and again; a bounded map, dropping the oldest, keeps every keyword from staying.
 */
const statements = new Map<string, string>();
const STATEMENTS_KEPT = 256;

/**
 * The SQL of the page, its values inlined as the ORM inlines them. Its key holds the row-scope
 * filter's condition for this request, computed by the very call the query builders make
 * (em.applyFilters), so two callers share a statement only when their data scope reads the same.
 */
async function statement(em: EntityManager, query: UserPageQuery): Promise<string> {
  const scope = await em.applyFilters(UserEntity.meta.className, {}, {}, 'read');
  const key = JSON.stringify([scope, query.where(), query.orderBy, query.limit, query.offset], subqueriesAsSql);
  let sql = statements.get(key);
  if (sql === undefined) {
    sql = await build(em, query);
    if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
    statements.set(key, sql);
  }
  return sql;
}

/** A knex subquery in a condition (users of a role) counts by its SQL, values included. */
function subqueriesAsSql(_key: string, value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'toQuery' in value && typeof value.toQuery === 'function' ? String(value.toQuery()) : value;
}

/**
 * The ids' query comes from the query builder, which applies filters (data scope) only when
 * asked; the outer statement joins the rows back and orders them again, since a join keeps no
 * order of its own. Its ORDER BY names columns of the entity's metadata, never client text.
 */
async function build(em: EntityManager, query: UserPageQuery): Promise<string> {
  const page = em.createQueryBuilder(UserEntity, 'p').select('id').where(query.where()).orderBy(query.orderBy).limit(query.limit).offset(query.offset);
  await page.applyFilters();
  const { properties } = em.getMetadata().get<User>(UserEntity.meta.className);
  const order = Object.entries(query.orderBy)
    .map(([property, direction]) => `u.${(properties as Record<string, { fieldNames: string[] }>)[property].fieldNames[0]} ${direction}`)
    .join(', ');
  return `select ${COLUMNS}, ${LINKS} from (${page.getFormattedQuery()}) as page join users_user u on u.id = page.id order by ${order}`;
}
