import { runAsPlatform, type ModuleCommand, type ModuleContext } from '@atrium/kernel';
import { ParamsApi, defineParam } from '@atrium/module/params';
import { LoginRecordEntity } from './login-record.entity';
import { OperationRecordEntity } from './operation-record.entity';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long audit records are kept. */
export const RETENTION_DAYS = defineParam({
  key: 'audit.retention.days',
  name: 'Audit retention (days)',
  type: 'integer',
  default: 180,
  min: 1,
  max: 36_500,
  description: 'Login and operation records older than this many days are deleted by the `audit.purge` task (schedule it) or `atrium audit purge`.',
});

export interface PurgeResult {
  before: Date;
  days: number;
  operations: number;
  logins: number;
}

/** Deletes the records of both logs older than the retention param says. */
export async function purgeExpired(ctx: ModuleContext, now = new Date()): Promise<PurgeResult> {
  const days = await ctx.use(ParamsApi).get(RETENTION_DAYS);
  const before = new Date(now.getTime() - days * DAY_MS);
  // Every tenant's records, as the platform.
  const { operations, logins } = await runAsPlatform(async () => {
    const em = ctx.db.em();
    return {
      operations: await em.nativeDelete(OperationRecordEntity, { at: { $lt: before } }),
      logins: await em.nativeDelete(LoginRecordEntity, { at: { $lt: before } }),
    };
  });
  return { before, days, operations, logins };
}

/** `npm run atrium -- audit purge`: the same purge as the `audit.purge` task, for an operator at a shell. */
export const purgeCommand: ModuleCommand = {
  words: ['audit', 'purge'],
  args: '',
  summary: 'delete login and operation records older than the audit.retention.days param',
  async run(ctx, _args, io) {
    const { before, days, operations, logins } = await purgeExpired(ctx);
    io.out.write(`purged ${operations} operation records and ${logins} login records older than ${days} days (before ${before.toISOString()})\n`);
    return 0;
  },
};
