import type { ModuleContext } from '@atrium/kernel';
import type { UserLifecycle } from '@atrium/module/users';
import { authRuntime } from './auth-runtime';
import { TwoFactor } from './mfa/two-factor';

/**
 * Auth's contribution to `users.lifecycle`: a password change or reset, disabling and deleting
 * end the user's sessions (a password change by the user spares the session that made it); any
 * change drops the user's cached grants, on every instance. A deleted user's second factor goes
 * too: nothing of their sign-in outlives them.
 */
export function sessionsFollowUsers(ctx: ModuleContext): UserLifecycle {
  return {
    async userChanged(userId, change, keepSessionId) {
      const { sessions, principals } = authRuntime(ctx);
      if (change !== 'access') {
        const ended = await sessions.revokeAllOf(userId, change, change === 'password' ? keepSessionId : undefined);
        if (ended > 0) ctx.log.info({ userId, change, sessions: ended }, 'sessions ended by a change of the user');
      }
      if (change === 'deleted') await new TwoFactor(ctx).forget(userId);
      await principals.forgetUser(userId);
    },
  };
}
