import { DEFAULT_TENANT_ID, Type, currentTenantId, type ModuleContext } from '@atrium/kernel';
import { defineTaskHandler, type TaskRun } from '@atrium/module/tasks';
import { AssetService } from '../asset.service';
import { assetsRuntime } from '../assets-runtime';
import { MAX_EXPIRES_IN_SECONDS } from '../signed-url';
import { exportJobs } from './export-jobs';

export const EXPORT_TASK_TYPE = 'assets.export';
/** Needed to run or retry an export's task by hand (its owner made it with the export's own permission). */
export const EXPORT_PERMISSION = 'asset:asset:upload';

/** What an export's task answers: the file, kept as the caller's asset, and a link to it. */
export interface ExportResult {
  assetId: string;
  fileName: string;
  rows: number;
  size: number;
  /** A signed link to the file, good for a day; POST /assets/{id}/signed-url gives another. */
  url: string;
  expiresAt: string;
}

/** `assets.export`, contributed to `tasks.handler`; submitted by an export past the background threshold. */
export function exportTask(ctx: ModuleContext) {
  return defineTaskHandler({
    type: EXPORT_TASK_TYPE,
    title: 'Make a large export’s spreadsheet',
    permission: EXPORT_PERMISSION,
    description:
      'Makes the file of an export (GET …/export) that selected more rows than assets.export.backgroundRows, with the rows, tenant and data scope of the user who asked, and keeps it as their asset. The result is { assetId, fileName, rows, size, url, expiresAt }.',
    payload: Type.Object({ exportId: Type.String({ format: 'uuid', description: 'The export, as its route kept it' }) }),
    reportsProgress: true,
    run: ({ exportId }, task) => makeExport(ctx, exportId, task),
  });
}

async function makeExport(ctx: ModuleContext, exportId: string, task: TaskRun): Promise<ExportResult> {
  const stored = await exportJobs.load(ctx.db.em().fork(), exportId);
  // A job is only ever made for whoever asked for it: a task written by hand naming another's job does nothing.
  if (!stored || stored.createdBy !== task.createdBy) throw new Error(`export ${exportId} does not exist, or was not asked for by this task's user`);
  const { job } = stored;
  let written = 0;
  const file = await ctx.kernel.exports.make(job, (rows) => {
    written = rows;
    task.progress(Math.min(99, Math.floor((rows / Math.max(job.rows, 1)) * 100)), `${rows} rows`);
  });
  const asset = await new AssetService(ctx).keep(file, stored.createdBy, task.signal);
  await exportJobs.remove(ctx.db.em().fork(), exportId);
  const link = assetsRuntime(ctx).signer.sign(currentTenantId() ?? DEFAULT_TENANT_ID, asset.id, MAX_EXPIRES_IN_SECONDS);
  return { assetId: asset.id, fileName: asset.filename, rows: written, size: asset.size, url: link.url, expiresAt: link.expiresAt };
}
