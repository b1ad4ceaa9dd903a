import type { ModuleContext } from '@atrium/kernel';
import type { UserLifecycle } from '@atrium/module/users';

/**
 * sso's contribution to `users.lifecycle`: a deleted user's links to providers' subjects go with
 * them, so the subject signs in as nobody (or as a new account, when the provider creates them)
 * rather than finding a link to a user who is gone.
 */
export function linksFollowUsers(ctx: ModuleContext): UserLifecycle {
  return {
    async userChanged(userId, change) {
      if (change === 'deleted') await ctx.db.em().execute('delete from sso_link where user_id = ?', [userId]);
    },
  };
}
