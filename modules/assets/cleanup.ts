import { UNSCOPED, runAsPlatform, type DbCapability, type ModuleContext } from '@atrium/kernel';
import type { AssetStore } from './api';
import { AssetEntity } from './asset.entity';
import { exportJobs } from './exports/export-jobs';

export const DEFAULT_GRACE_MINUTES = 60;
/** Keys looked up per query: one round trip per this many stored objects. */
const BATCH = 500;

export interface CleanupOptions {
  /** Objects written more recently than this are left alone: they may be uploads in flight. */
  olderThanMinutes: number;
  now?: Date;
  /** Stops between objects when aborted (a cancelled task). */
  signal?: AbortSignal;
}

/** What a cleanup found and did: JSON, the task's result. */
export interface CleanupResult {
  /** Objects written before this were candidates. */
  before: string;
  /** Objects the store lists. */
  scanned: number;
  /** Younger than the grace period: not looked at further. */
  recent: number;
  /** Old enough, and an asset row holds them. */
  referenced: number;
  /** Old enough, no row: removed. */
  deleted: number;
  /** Orphans the store would not delete (logged); the next run tries again. */
  failed: number;
  /** Large exports' jobs whose task never made the file, kept a week (exports/export-jobs.ts): removed. */
  staleExportJobs: number;
}

/**
 * Removes stored objects that no asset row holds and that were written before the grace period:
 * what a failed delete, a crash between writing the bytes and inserting the row, or a client
 * vanishing mid-upload on a dead instance leaves behind. An upload in flight is younger than the
 * grace period (its object is being written), so it is never touched — keep the period longer
 * than an upload may take. Then removes the jobs of large exports a week old, whatever their task
 * came to.
 */
export async function removeOrphans(store: AssetStore, db: DbCapability, log: ModuleContext['log'], options: CleanupOptions): Promise<CleanupResult> {
  const before = new Date((options.now ?? new Date()).getTime() - options.olderThanMinutes * 60_000);
  const result: CleanupResult = { before: before.toISOString(), scanned: 0, recent: 0, referenced: 0, deleted: 0, failed: 0, staleExportJobs: 0 };
  let batch: string[] = [];
  const settle = async () => {
    const held = await heldKeys(db, batch);
    for (const key of batch) {
      options.signal?.throwIfAborted();
      if (held.has(key)) result.referenced++;
      else await remove(store, key, result, log);
    }
    batch = [];
  };
  for await (const object of store.keys()) {
    options.signal?.throwIfAborted();
    result.scanned++;
    if (object.modifiedAt >= before) result.recent++;
    else if (batch.push(object.key) >= BATCH) await settle();
  }
  await settle();
  result.staleExportJobs = await runAsPlatform(() => exportJobs.removeStale(db.em().fork(), options.now));
  log.info(result, 'assets cleanup done');
  return result;
}

/** The keys of `keys` an asset row holds, whoever's it is: every tenant's rows, read as the platform. */
async function heldKeys(db: DbCapability, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await runAsPlatform(() => db.em().find(AssetEntity, { storageKey: { $in: keys } }, { ...UNSCOPED, fields: ['storageKey'] }));
  return new Set(rows.map((row) => row.storageKey));
}

async function remove(store: AssetStore, key: string, result: CleanupResult, log: ModuleContext['log']): Promise<void> {
  try {
    await store.delete(key);
    result.deleted++;
  } catch (error) {
    result.failed++;
    log.warn({ err: error, storageKey: key }, 'could not delete an orphaned asset object');
  }
}
