import { runAsPlatform, Type, type ModuleContext } from '@atrium/kernel';
import { defineTaskHandler } from '@atrium/module/tasks';
import { authRuntime } from './auth-runtime';

/** Needed to submit, run or schedule `auth.purge` (global: the task reaches every tenant). */
export const PURGE_PERMISSION = 'auth:sign-in:purge';

/**
 * Deletes what no sign-in can use again, every tenant's: expired sessions and refresh tokens,
 * mfaTokens expired or spent, captchas expired. (A spent captcha is deleted as it is checked.)
 */
export async function purgeExpiredSignIns(ctx: ModuleContext, now = new Date()): Promise<{ mfaTokens: number; captchas: number }> {
  await authRuntime(ctx).sessions.purgeExpired(now);
  return runAsPlatform(async () => {
    const connection = ctx.db.em().getConnection();
    const mfaTokens = await connection.execute<{ affectedRows: number }>(
      'delete from auth_mfa_challenge where spent_at is not null or expires_at <= ?',
      [now],
      'run',
    );
    const captchas = await connection.execute<{ affectedRows: number }>('delete from auth_captcha where expires_at <= ?', [now], 'run');
    return { mfaTokens: mfaTokens.affectedRows, captchas: captchas.affectedRows };
  });
}

/** `auth.purge` as a task type, run by its default schedule hourly on one instance at a time. */
export function purgeTask(ctx: ModuleContext) {
  return defineTaskHandler({
    type: 'auth.purge',
    title: 'Purge expired sign-in records',
    permission: PURGE_PERMISSION,
    description:
      'Deletes expired sessions and refresh tokens, expired or spent mfaTokens and expired captchas; the result counts the mfaTokens and captchas deleted.',
    payload: Type.Object({}),
    defaultSchedule: { cron: '0 * * * *', name: 'Purge expired sign-in records (hourly)' },
    run: () => purgeExpiredSignIns(ctx),
  });
}
