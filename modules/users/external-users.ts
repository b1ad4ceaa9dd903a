import { randomBytes } from 'node:crypto';
import { UNSCOPED, flushChanges, newId, type ModuleContext } from '@atrium/kernel';
import type { ExternalUser, UserIdentity } from './api';
import { normaliseEmail, normaliseUsername } from './normalisation';
import { hashPassword } from './passwords';
import { USER_UNIQUE_KEYS, normaliseIdentity } from './user-input';
import { withinUserLimit } from './user-limit';
import { linksOf, toIdentity } from './user-view';
import { UserEntity, UserRoleEntity } from './user.entity';

/**
 * Users whom another system vouches for (single sign-on): found by the username or email it
 * names, in the current tenant, or created just in time. Read unscoped: nobody is signed in yet.
 */
export async function findByUsernameOrEmail(ctx: ModuleContext, by: { username?: string; email?: string }): Promise<UserIdentity | null> {
  const username = by.username === undefined ? undefined : normaliseUsername(by.username);
  const email = by.email === undefined ? undefined : normaliseEmail(by.email);
  const where = username?.ok ? { username: username.value } : email?.ok && email.value ? { email: email.value } : null;
  if (!where) return null;
  const em = ctx.db.em().fork();
  const user = await em.findOne(UserEntity, where, UNSCOPED);
  return user ? toIdentity(user, await linksOf(em, [user.id])) : null;
}

/**
 * A new active user holding `roleIds`, with a password nobody knows (they sign in through the
 * system that vouched for them, until an administrator sets one). Held to the rules of any user:
 * a username or email that is not one answers 400, a taken one 409, a full tenant 409.
 */
export async function createExternalUser(ctx: ModuleContext, input: ExternalUser): Promise<UserIdentity> {
  const fields = normaliseIdentity({ username: input.username, nickname: input.nickname, email: input.email });
  const username = fields.username!;
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const user = await withinUserLimit(ctx, ctx.db.em().fork(), async (em) => {
    const created = em.create(UserEntity, {
      id: newId(),
      username,
      nickname: fields.nickname ?? username,
      email: fields.email ?? null,
      phone: null,
      passwordHash,
      status: 'active',
      deptId: null,
    });
    for (const roleId of input.roleIds) em.create(UserRoleEntity, { userId: created.id, roleId });
    await flushChanges(em, USER_UNIQUE_KEYS);
    return created;
  });
  await ctx.events.publish('user-created', { id: user.id, username });
  return toIdentity(user, { roleIds: new Map([[user.id, [...input.roleIds].sort()]]), postIds: new Map([[user.id, []]]) });
}
