import type { ModuleContext } from '@atrium/kernel';
import type { UserLifecycle } from '@atrium/module/users';
import { apiKeysState } from './api-keys-state';

/**
 * api-keys' contribution to `users.lifecycle`: a deleted user's keys, revoked or not, are deleted
 * with them (a deleted owner already made every key refused; their rows would only linger), and
 * each one's cached row is dropped on every instance.
 */
export function keysFollowOwners(ctx: ModuleContext): UserLifecycle {
  return {
    async userChanged(userId, change) {
      if (change !== 'deleted') return;
      const { callers } = apiKeysState(ctx);
      const rows = await ctx.db.em().execute<{ lookup: string }[]>('delete from api_keys_key where user_id = ? returning lookup', [userId]);
      for (const row of rows) await callers.forget(row.lookup);
      if (rows.length > 0) ctx.log.info({ userId, keys: rows.length }, "a deleted user's API keys deleted");
    },
  };
}
