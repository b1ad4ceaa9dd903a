import type { ModuleContext } from '@atrium/kernel';
import { UserLifecycleSpi, type UserChange } from './api';

/**
 * Tells every `users.lifecycle` contribution (auth ends sessions, drops cached grants) that a
 * user changed, before the request that changed it answers: the very next request must see it.
 * One call at a time (they may share the request's EntityManager); every contribution hears of
 * every change even when one fails, and the first failure is then thrown.
 */
export async function announceUserChange(ctx: ModuleContext, userId: string, changes: readonly UserChange[], keepSessionId?: string): Promise<void> {
  const failures: unknown[] = [];
  for (const change of changes) {
    for (const listener of ctx.contributions(UserLifecycleSpi)) {
      await listener.userChanged(userId, change, keepSessionId).catch((error: unknown) => failures.push(error));
    }
  }
  if (failures.length > 0) throw failures[0];
}
