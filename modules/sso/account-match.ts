import type { IDToken } from 'openid-client';
import { AppError, type ModuleContext } from '@atrium/kernel';
import { UserDirectoryApi, type UserIdentity } from '@atrium/module/users';
import { SsoErrors } from './errors';
import { LinkEntity, type Provider } from './provider.entity';

/**
 * The user an ID token signs in as, in the provider's tenant (the current one): the user its
 * subject is linked to; else one it matches by the provider's `linkBy` (then linked); else, with
 * just-in-time creation on, a new one holding the default role (then linked). Null: nobody.
 */
export async function accountFor(ctx: ModuleContext, provider: Provider, claims: IDToken): Promise<UserIdentity | null> {
  const users = ctx.use(UserDirectoryApi);
  const em = ctx.db.em().fork();
  const link = await em.findOne(LinkEntity, { providerId: provider.id, subject: claims.sub });
  if (link) {
    const linked = await users.identity(link.userId);
    if (linked) return linked;
    // The user was deleted since: the subject is free to find or make another.
    await em.nativeDelete(LinkEntity, { providerId: provider.id, subject: claims.sub });
  }
  const username = stringClaim(claims, provider.usernameClaim);
  // An address the provider does not vouch for is nobody's: it neither finds a user nor is given to one.
  const email = claims.email_verified === true ? stringClaim(claims, provider.emailClaim) : undefined;
  const user = (await matching(ctx, provider, username, email)) ?? (provider.jit ? await createFor(ctx, provider, username, email) : null);
  if (user) await em.insert(LinkEntity, { providerId: provider.id, subject: claims.sub, userId: user.id, createdAt: new Date() });
  return user;
}

/** An existing user the identity names, as the provider's `linkBy` says. */
function matching(ctx: ModuleContext, provider: Provider, username: string | undefined, email: string | undefined): Promise<UserIdentity | null> {
  const users = ctx.use(UserDirectoryApi);
  if (provider.linkBy === 'email' && email) return users.findByUsernameOrEmail({ email });
  if (provider.linkBy === 'username' && username) return users.findByUsernameOrEmail({ username });
  return Promise.resolve(null);
}

function createFor(ctx: ModuleContext, provider: Provider, username: string | undefined, email: string | undefined): Promise<UserIdentity> {
  if (!username) {
    throw new AppError(SsoErrors.AUTH_SSO_REJECTED_401, {
      details: [{ rule: 'claim', message: `the ID token has no ${provider.usernameClaim} claim to name a new user by` }],
    });
  }
  return ctx.use(UserDirectoryApi).createExternal({ username, email: email ?? null, roleIds: provider.defaultRoleId ? [provider.defaultRoleId] : [] });
}

function stringClaim(claims: IDToken, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
