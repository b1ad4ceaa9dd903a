import type { EntityManager } from '@atrium/kernel';
import type { UserIdentity } from './api';
import type { User } from './user.entity';

/** A user as the API shows it. */
export interface UserView extends UserIdentity {
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** The roles and posts of some users, by user id. */
export interface UserLinks {
  roleIds: ReadonlyMap<string, string[]>;
  postIds: ReadonlyMap<string, string[]>;
}

/**
 * Both link tables in one round trip, whatever the number of users (a page of a list, or one
 * user). Neither table is data-scoped: the users asked about are already the visible ones.
 */
const LINKS = `
  select user_id, 'role' as kind, role_id as linked_id from users_user_role where user_id in (?)
  union all
  select user_id, 'post' as kind, post_id as linked_id from users_user_post where user_id in (?)
  order by linked_id`;

export async function linksOf(em: EntityManager, userIds: readonly string[]): Promise<UserLinks> {
  if (userIds.length === 0) return { roleIds: new Map(), postIds: new Map() };
  const rows = await em.execute<Array<{ user_id: string; kind: 'role' | 'post'; linked_id: string }>>(LINKS, [userIds, userIds]);
  return {
    roleIds: group(rows.filter((r) => r.kind === 'role').map((r) => [r.user_id, r.linked_id])),
    postIds: group(rows.filter((r) => r.kind === 'post').map((r) => [r.user_id, r.linked_id])),
  };
}

function group(pairs: ReadonlyArray<readonly [string, string]>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const [key, value] of pairs) {
    const values = groups.get(key);
    if (values) values.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

/** What a view reads of a user: an entity, or a row of a list (user-page.ts). */
export type UserFields = Pick<User, 'id' | 'username' | 'nickname' | 'email' | 'phone' | 'status' | 'deptId' | 'version' | 'createdAt' | 'updatedAt'>;

export function toIdentity(user: UserFields, links: UserLinks): UserIdentity {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email ?? null,
    phone: user.phone ?? null,
    status: user.status,
    deptId: user.deptId ?? null,
    roleIds: links.roleIds.get(user.id) ?? [],
    postIds: links.postIds.get(user.id) ?? [],
  };
}

/**
 * Spelled out rather than spread over toIdentity(): a list builds twenty of these per request,
 * and a spread made each cost four times as much (measured for users-list.bench.ts).
 */
export function toView(user: UserFields, links: UserLinks): UserView {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email ?? null,
    phone: user.phone ?? null,
    status: user.status,
    deptId: user.deptId ?? null,
    roleIds: links.roleIds.get(user.id) ?? [],
    postIds: links.postIds.get(user.id) ?? [],
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    version: user.version,
  };
}
