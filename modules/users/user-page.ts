import { raw, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserFields, UserLinks } from './user-view';
import { UserEntity, type User } from './user.entity';

export interface UserPage {
  users: UserFields[];
  total: number;
  links: UserLinks;
}

export interface UserPageQuery {
  /** Built anew for each use (the page, the count, the statement's key): builders take it over. */
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
  total: string;
}

// Each user's links, ordered as linksOf() orders them, joined by commas (which no UUID holds):
// splitting a string costs a fraction of reading a PostgreSQL array. The link tables are this
// module's own and not data-scoped: the users they are asked about are already the visible ones.
const ROLE_IDS = raw(`(select string_agg(l.role_id::text, ',' order by l.role_id) from users_user_role l where l.user_id = u.id) as role_ids`);
const POST_IDS = raw(`(select string_agg(l.post_id::text, ',' order by l.post_id) from users_user_post l where l.user_id = u.id) as post_ids`);

/**
 * A page of users, their total and each one's roles and posts in one statement: one round trip,
 * and rows read as they come, without building entities (hydration and the identity map cost
 * more than the query: toolchain.md). The total is an uncorrelated subquery, so PostgreSQL counts
 * once per statement, not once per row.
 */
export async function userPage(em: EntityManager, query: UserPageQuery): Promise<UserPage> {
  const rows = await em.execute<RawRow[]>(await statement(em, query));
  // The total rides on the page's rows: a page past the end has none to carry it.
  const total = rows.length > 0 ? Number(rows[0].total) : query.offset === 0 ? 0 : await em.count(UserEntity, query.where());
  const platform = em.getPlatform();
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
    total,
    links: { roleIds: new Map(rows.map((r) => [r.id, ids(r.role_ids)])), postIds: new Map(rows.map((r) => [r.id, ids(r.post_ids)])) },
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
 * Query builders, unlike em.find and em.count, do not apply filters by themselves: both the page
 * and its count apply them here, so data scope narrows them exactly as it narrows em.find.
 */
async function build(em: EntityManager, query: UserPageQuery): Promise<string> {
  const count = em.createQueryBuilder(UserEntity, 'c').count().where(query.where());
  await count.applyFilters();
  const page = em
    .createQueryBuilder(UserEntity, 'u')
    .select(['id', 'username', 'nickname', 'email', 'phone', 'status', 'deptId', 'version', 'createdAt', 'updatedAt', ROLE_IDS, POST_IDS, count.as('total')])
    .where(query.where())
    .orderBy(query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  await page.applyFilters();
  return page.getFormattedQuery();
}
