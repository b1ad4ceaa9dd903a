import type { ModuleContext } from '@atrium/kernel';
import type { UserLifecycle } from '@atrium/module/users';
import { authRuntime } from './auth-runtime';

/**
 * Auth's contribution to `users.lifecycle`: a password change or reset, disabling and deleting
 * end the user's sessions (a password change by the user spares the session that made it); any
 * change drops the user's cached grants, on every instance.
 */
export function sessionsFollowUsers(ctx: ModuleContext): UserLifecycle {
  return {
    async userChanged(userId, change, keepSessionId) {
      const { sessions, principals } = authRuntime(ctx);
      if (change !== 'access') {
        const ended = await sessions.revokeAllOf(userId, change, change === 'password' ? keepSessionId : undefined);
        if (ended > 0) ctx.log.info({ userId, change, sessions: ended }, 'sessions ended by a change of the user');
      }
      await principals.forgetUser(userId);
    },
  };
}
