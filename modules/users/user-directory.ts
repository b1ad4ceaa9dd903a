import { AppError, KernelErrors, UNSCOPED, flushChanges, isUuid, type ModuleContext, type Principal, type EntityManager } from '@atrium/kernel';
import { callerOf } from './access-rules';
import type { ExternalUser, ProfileChange, UserDirectory, UserIdentity } from './api';
import { createExternalUser, findByUsernameOrEmail } from './external-users';
import { cachedIdentity, forgetIdentity } from './identity-cache';
import { announceUserChange } from './lifecycle';
import { normaliseUsername } from './normalisation';
import { refuseOutranking } from './outranking';
import { checkPasswordPolicy } from './password-policy';
import { hashPassword, passwordMatches } from './passwords';
import { USER_UNIQUE_KEYS, normaliseIdentity } from './user-input';
import { linksOf, toIdentity } from './user-view';
import { UserEntity, type User } from './user.entity';

// Ids come from tokens and sessions: one that is not a UUID names nobody (and must not reach a uuid column).

/** `users.UserDirectory`: what auth and me know of users, and whether a caller outranks one. Never a password or a hash. */
export class UserDirectoryService implements UserDirectory {
  constructor(private readonly ctx: ModuleContext) {}

  async verifyCredentials(username: string, password: string): Promise<UserIdentity | null> {
    const em = this.ctx.db.em();
    const name = normaliseUsername(username);
    // A username that cannot exist is looked up all the same: every miss costs one query and one hash.
    const user = await em.findOne(UserEntity, { username: name.ok ? name.value : '' }, { ...UNSCOPED, populate: ['passwordHash'], disableIdentityMap: true });
    const matches = await passwordMatches(user?.passwordHash ?? null, password);
    return user && matches ? this.identityOf(em, user) : null;
  }

  identity(userId: string): Promise<UserIdentity | null> {
    if (!isUuid(userId)) return Promise.resolve(null);
    return cachedIdentity(this.ctx, userId, async () => {
      const em = this.ctx.db.em();
      const user = await em.findOne(UserEntity, { id: userId }, { ...UNSCOPED, disableIdentityMap: true });
      return user ? this.identityOf(em, user) : null;
    });
  }

  async updateProfile(userId: string, change: ProfileChange): Promise<UserIdentity> {
    const fields = normaliseIdentity({ nickname: change.nickname, email: change.email, phone: change.phone });
    const em = this.ctx.db.em().fork();
    const user = await mustFind(em, userId);
    em.assign(user, fields);
    await flushChanges(em, USER_UNIQUE_KEYS);
    await forgetIdentity(this.ctx, user.id);
    return this.identityOf(em, user);
  }

  async changePassword(userId: string, oldPassword: string, newPassword: string, keepSessionId?: string): Promise<boolean> {
    await checkPasswordPolicy(this.ctx, newPassword, '/body/newPassword');
    const em = this.ctx.db.em().fork();
    const user = await mustFind(em, userId, true);
    if (!(await passwordMatches(user.passwordHash, oldPassword))) return false;
    user.passwordHash = await hashPassword(newPassword);
    await flushChanges(em);
    await announceUserChange(this.ctx, user.id, ['password'], keepSessionId);
    return true;
  }

  async refuseOutranking(caller: Principal, userId: string, field: string): Promise<void> {
    if (caller.userId === userId) return;
    const user = await this.identity(userId);
    if (user) await refuseOutranking(this.ctx, callerOf(caller), user.roleIds, field);
  }

  findByUsernameOrEmail(by: { username?: string; email?: string }): Promise<UserIdentity | null> {
    return findByUsernameOrEmail(this.ctx, by);
  }

  createExternal(user: ExternalUser): Promise<UserIdentity> {
    return createExternalUser(this.ctx, user);
  }

  private async identityOf(em: EntityManager, user: User): Promise<UserIdentity> {
    return toIdentity(user, await linksOf(em, [user.id]));
  }
}

/**
 * The user, in a fork of its own: loaded unscoped, it must not answer a later scoped read of the
 * same request from the identity map.
 */
async function mustFind(em: EntityManager, userId: string, withPassword = false): Promise<User> {
  const user = isUuid(userId)
    ? await em.findOne(UserEntity, { id: userId }, { ...UNSCOPED, ...(withPassword ? { populate: ['passwordHash'] as const } : {}) })
    : null;
  if (!user) throw new AppError(KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, { details: [{ message: `no user ${userId}` }] });
  return user;
}
