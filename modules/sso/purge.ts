import { runAsPlatform, Type, type ModuleContext } from '@atrium/kernel';
import { defineTaskHandler } from '@atrium/module/tasks';

/** Needed to submit, run or schedule `sso.purge` (global: the task reaches every tenant). */
export const PURGE_PERMISSION = 'sso:sign-in:purge';

/**
 * Deletes sign-ins abandoned at the provider (their state, nonce and PKCE verifier) and one-time
 * codes the console never exchanged, once expired, every tenant's. Used ones are deleted as they
 * are taken (attempts.ts).
 */
export function purgeExpiredAttempts(ctx: ModuleContext, now = new Date()): Promise<{ attempts: number; codes: number }> {
  return runAsPlatform(async () => {
    const connection = ctx.db.em().getConnection();
    const attempts = await connection.execute<{ affectedRows: number }>('delete from sso_attempt where expires_at <= ?', [now], 'run');
    const codes = await connection.execute<{ affectedRows: number }>('delete from sso_handoff where expires_at <= ?', [now], 'run');
    return { attempts: attempts.affectedRows, codes: codes.affectedRows };
  });
}

/** `sso.purge` as a task type, run by its default schedule hourly on one instance at a time. */
export function purgeTask(ctx: ModuleContext) {
  return defineTaskHandler({
    type: 'sso.purge',
    title: 'Purge expired single sign-on attempts',
    permission: PURGE_PERMISSION,
    description: 'Deletes expired sign-in attempts (state, nonce, PKCE verifier) and unexchanged one-time sign-in codes; the result counts both.',
    payload: Type.Object({}),
    defaultSchedule: { cron: '15 * * * *', name: 'Purge expired single sign-on attempts (hourly)' },
    run: () => purgeExpiredAttempts(ctx),
  });
}
