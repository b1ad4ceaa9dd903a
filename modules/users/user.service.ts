import {
  AppError,
  KernelErrors,
  checkVersion,
  flushChanges,
  newId,
  notFound,
  pageTotal,
  recordChange,
  type ModuleContext,
  type Page,
  type PageRequest,
  type EntityManager,
  type FilterQuery,
} from '@atrium/kernel';
import type { Caller } from './access-rules';
import type { UserChange, UserStatus } from './api';
import { checkAssignment } from './assignment-check';
import { UserErrors } from './errors';
import { announceUserChange } from './lifecycle';
import { forgetIdentity } from './identity-cache';
import { refuseOutranking } from './outranking';
import { hashPassword } from './passwords';
import { USER_UNIQUE_KEYS, normaliseIdentity } from './user-input';
import { withinUserLimit } from './user-limit';
import { listOrder, userScroll } from './user-list-order';
import { userPage } from './user-page';
import { userListWhere } from './user-list-filter';
import { linksOf, toView, type UserView } from './user-view';
import { UserEntity, UserPostEntity, UserRoleEntity, type User } from './user.entity';

/** The username of the seeded administrator, who can be neither deleted nor disabled. */
export const ADMIN_USERNAME = 'admin';

export interface UserFilter {
  keyword?: string;
  status?: UserStatus;
  deptId?: string;
  roleId?: string;
  /** A `nextCursor` this list gave out; empty for the first page of a scroll. */
  cursor?: string;
}

/** What an administrator may set on a user; left out: unchanged (or the default, on create). */
export interface UserChanges {
  nickname?: string;
  email?: string | null;
  phone?: string | null;
  status?: UserStatus;
  deptId?: string | null;
  postIds?: string[];
  roleIds?: string[];
}

export interface NewUser extends UserChanges {
  username: string;
  password: string;
}

/**
 * Where a create or update writes, and when what follows it happens. A request writes on its own
 * EntityManager and tells the others at once; the import (import/) writes rows inside its own
 * transaction and tells them once that commits, so nobody hears of a change that was rolled back.
 */
export interface UserWrites {
  em(): EntityManager;
  /** Runs what follows a committed write: the identity cache, `users.lifecycle`, events. */
  afterCommit(effects: () => Promise<void>): Promise<void>;
}

/**
 * The users routes' logic. Queries run on the request's EntityManager, so on row-scoped routes
 * the kernel's filter narrows them: a user outside the caller's data scope is simply not found.
 */
export class UserService {
  private readonly writes: UserWrites;

  constructor(
    private readonly ctx: ModuleContext,
    writes?: UserWrites,
  ) {
    this.writes = writes ?? { em: () => ctx.db.em(), afterCommit: (effects) => effects() };
  }

  async list(page: PageRequest, filter: UserFilter): Promise<Page<UserView>> {
    const em = this.ctx.db.em();
    const where = await userListWhere(this.ctx, em, filter);
    const scroll = filter.cursor === undefined ? undefined : userScroll(page, filter.cursor);
    const { users, links, last, rowChanges } = await userPage(em, {
      where: scroll ? () => ({ $and: [where(), scroll.after] }) as FilterQuery<User> : where,
      orderBy: scroll?.keyset.orderBy() ?? listOrder(page),
      limit: page.limit,
      offset: scroll ? 0 : page.offset,
    });
    // A page of offsets that ends early is the last one: its end is the total, no count needed.
    const total = !scroll && page.isLast(users.length) ? page.offset + users.length : await pageTotal(em, UserEntity, where, { rowChanges });
    const nextCursor = scroll && (users.length < page.limit || !last ? null : scroll.keyset.cursorAfter(scroll.keyset.keys.map((k) => last[k.property])));
    return page.result(
      users.map((u) => toView(u, links)),
      total,
      scroll ? { nextCursor } : {},
    );
  }

  async get(id: string): Promise<UserView> {
    const em = this.ctx.db.em();
    const user = await load(em, id);
    return toView(user, await linksOf(em, [user.id]));
  }

  async create(caller: Caller, input: NewUser): Promise<UserView> {
    const fields = normaliseIdentity({ username: input.username, nickname: input.nickname, email: input.email, phone: input.phone });
    const username = fields.username!;
    const deptId = lowerId(input.deptId) ?? null;
    const postIds = lowerIds(input.postIds) ?? [];
    const roleIds = lowerIds(input.roleIds) ?? [];
    await checkAssignment(this.ctx, caller, { deptId, postIds, roleIds, addedRoleIds: roleIds });
    const passwordHash = await hashPassword(input.password);
    const user = await withinUserLimit(this.ctx, this.writes.em(), async (em) => {
      const created = em.create(UserEntity, {
        id: newId(),
        username,
        nickname: fields.nickname ?? username,
        email: fields.email ?? null,
        phone: fields.phone ?? null,
        passwordHash,
        status: input.status ?? 'active',
        deptId,
      });
      for (const roleId of roleIds) em.create(UserRoleEntity, { userId: created.id, roleId });
      for (const postId of postIds) em.create(UserPostEntity, { userId: created.id, postId });
      await flushChanges(em, USER_UNIQUE_KEYS);
      return created;
    });
    await this.writes.afterCommit(() => this.ctx.events.publish('user-created', { id: user.id, username }));
    const view = toView(user, { roleIds: new Map([[user.id, [...roleIds].sort()]]), postIds: new Map([[user.id, [...postIds].sort()]]) });
    recordChange({ resource: 'user', id: user.id, action: 'create', after: view });
    return view;
  }

  /** Applies `changes` if the user is still at `version`, the one the caller read. */
  async update(caller: Caller, sentId: string, changes: UserChanges, version: number): Promise<UserView> {
    const em = this.writes.em();
    const user = await load(em, sentId);
    const id = user.id;
    checkVersion(user.version, version);
    const fields = normaliseIdentity({ nickname: changes.nickname, email: changes.email, phone: changes.phone });
    const links = await linksOf(em, [id]);
    const before = toView(user, links);
    const heldRoles = links.roleIds.get(id) ?? [];
    const heldPosts = links.postIds.get(id) ?? [];
    const sentRoles = lowerIds(changes.roleIds);
    const sentPosts = lowerIds(changes.postIds);
    const sentDept = lowerId(changes.deptId);
    const roleIds = sentRoles && !sameSet(sentRoles, heldRoles) ? sentRoles.sort() : undefined;
    const postIds = sentPosts && !sameSet(sentPosts, heldPosts) ? sentPosts.sort() : undefined;
    const deptId = sentDept !== undefined && sentDept !== (user.deptId ?? null) ? sentDept : undefined;
    const disabling = changes.status === 'disabled' && user.status !== 'disabled';
    if (disabling) refuseProtected(caller, user, '/body/status');
    if (roleIds && id === caller.userId) {
      throw new AppError(KernelErrors.PERM_DENIED_403, { details: [{ field: '/body/roleIds', rule: 'self', message: 'you cannot change your own roles' }] });
    }
    await checkAssignment(this.ctx, caller, { deptId, postIds, roleIds, addedRoleIds: roleIds?.filter((r) => !heldRoles.includes(r)) ?? [] });
    if (changes.status !== undefined && changes.status !== user.status) await refuseOutranking(this.ctx, caller, heldRoles, '/body/status');
    if (roleIds) await refuseOutranking(this.ctx, caller, heldRoles, '/body/roleIds');

    // The user's row is written first, so its version check orders racing updates before
    // either touches the link tables.
    await em.transactional(async (tx) => {
      tx.assign(user, { ...fields, ...(changes.status ? { status: changes.status } : {}), ...(deptId !== undefined ? { deptId } : {}) });
      if (roleIds || postIds) user.updatedAt = new Date();
      await flushChanges(tx, USER_UNIQUE_KEYS);
      if (roleIds) {
        await tx.nativeDelete(UserRoleEntity, { userId: id });
        if (roleIds.length > 0)
          await tx.insertMany(
            UserRoleEntity,
            roleIds.map((roleId) => ({ userId: id, roleId })),
          );
      }
      if (postIds) {
        await tx.nativeDelete(UserPostEntity, { userId: id });
        if (postIds.length > 0)
          await tx.insertMany(
            UserPostEntity,
            postIds.map((postId) => ({ userId: id, postId })),
          );
      }
    });

    const announced: UserChange[] = [...(disabling ? ['disabled' as const] : []), ...(roleIds || deptId !== undefined ? ['access' as const] : [])];
    await this.writes.afterCommit(async () => {
      await forgetIdentity(this.ctx, id);
      await announceUserChange(this.ctx, id, announced);
      await this.ctx.events.publish('user-updated', { id });
    });
    const after = toView(user, { roleIds: new Map([[id, roleIds ?? heldRoles]]), postIds: new Map([[id, postIds ?? heldPosts]]) });
    recordChange({ resource: 'user', id, action: 'update', before, after });
    return after;
  }

  async remove(caller: Caller, sentId: string, version?: number): Promise<void> {
    const em = this.ctx.db.em();
    const user = await load(em, sentId);
    const id = user.id;
    checkVersion(user.version, version, '/query/version');
    refuseProtected(caller, user, '/params/id');
    const links = await linksOf(em, [id]);
    await refuseOutranking(this.ctx, caller, links.roleIds.get(id) ?? [], '/params/id');
    const before = toView(user, links);
    // The link rows go with it (on delete cascade).
    em.remove(user);
    await flushChanges(em);
    recordChange({ resource: 'user', id, action: 'delete', before });
    await forgetIdentity(this.ctx, id);
    await announceUserChange(this.ctx, id, ['deleted']);
    await this.ctx.events.publish('user-deleted', { id });
  }

  /**
   * Sets a new password chosen by an administrator. Whoever sets someone's password can log in
   * as them, so the caller must hold everything that user's roles grant (unless it is their own).
   */
  async resetPassword(caller: Caller, sentId: string, password: string): Promise<void> {
    const em = this.ctx.db.em();
    const user = await load(em, sentId);
    const id = user.id;
    if (id !== caller.userId) await refuseOutranking(this.ctx, caller, (await linksOf(em, [id])).roleIds.get(id) ?? [], '/params/id');
    user.passwordHash = await hashPassword(password);
    await flushChanges(em);
    await announceUserChange(this.ctx, id, ['password']);
  }
}

/**
 * The user if the caller's scope sees it. `refresh` makes it a query even when the identity map
 * holds the row already (loaded unscoped, say, by the authenticator), so the filter always applies.
 */
async function load(em: EntityManager, id: string): Promise<User> {
  const user = await em.findOne(UserEntity, { id }, { refresh: true });
  if (!user) throw notFound('user', id);
  return user;
}

/** The seeded administrator, and one's own account, can be neither deleted nor disabled. */
function refuseProtected(caller: Caller, user: User, field: string): void {
  const why = user.username === ADMIN_USERNAME ? 'the seeded administrator' : user.id === caller.userId ? 'your own account' : undefined;
  if (why)
    throw new AppError(UserErrors.SYSTEM_USER_PROTECTED_409, { details: [{ field, rule: 'protected', message: `${why} cannot be deleted or disabled` }] });
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** Ids as the database gives them back: a UUID sent in capitals names the same row. */
function lowerIds(ids: readonly string[] | undefined): string[] | undefined {
  return ids?.map((id) => id.toLowerCase());
}

function lowerId<T extends string | null | undefined>(id: T): T {
  return (typeof id === 'string' ? id.toLowerCase() : id) as T;
}
