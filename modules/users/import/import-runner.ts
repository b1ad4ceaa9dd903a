import { UNSCOPED, isUuid, runWithEntityManager, type EntityManager, type ModuleContext } from '@atrium/kernel';
import type { TaskRun } from '@atrium/module/tasks';
import { UserEntity } from '../user.entity';
import { UserService } from '../user.service';
import { RowImporter, type RowOutcome } from './import-row';
import { importStore, type ImportFailure, type ImportResult, type StoredImport } from './import-store';
import { sheetRows, type SheetRow } from './import-workbook';

type Effects = Array<() => Promise<void>>;

/** Thrown inside a transaction to roll it back on purpose (a refused row, an all-or-nothing import with one). */
const ROLLBACK = Symbol('rollback');

/**
 * The `users.import` task's work. The import row holds the workbook and the uploader's authority
 * as the upload route saw it; every write goes through UserService as that caller. An attempt
 * after the one that finished answers its result again; a partial import goes on after the last
 * row an earlier attempt committed.
 */
export async function runImport(ctx: ModuleContext, importId: string, task: TaskRun): Promise<ImportResult> {
  const stored = await importStore.load(ctx.db.em(), importId);
  if (!stored) throw new Error(`import ${importId} is gone (imports are kept for a day): upload the file again`);
  if (stored.result) return stored.result;
  if (!stored.file) throw new Error(`import ${importId} has no workbook left: upload the file again`);
  await refuseGoneUploader(ctx, stored.createdBy);
  const rows = new RowImporter(ctx, stored);
  const report = (done: number) => task.progress(Math.min(99, Math.floor((done / stored.totalRows) * 100)), `${done} / ${stored.totalRows}`);
  return stored.mode === 'partial' ? partial(ctx, stored, stored.file, rows, task, report) : allOrNothing(ctx, stored, stored.file, rows, task, report);
}

/** Each row in a transaction of its own, with the import's progress: a good row is committed, a bad one leaves nothing. */
async function partial(
  ctx: ModuleContext,
  stored: StoredImport,
  file: Buffer,
  rows: RowImporter,
  task: TaskRun,
  report: (done: number) => void,
): Promise<ImportResult> {
  const counts = { created: stored.created, updated: stored.updated };
  let done = 0;
  for await (const row of sheetRows(file)) {
    task.signal.throwIfAborted();
    done += 1;
    if (row.row <= stored.rowsDone) {
      rows.remember(row);
      continue;
    }
    const effects: Effects = [];
    const outcome = await ctx.db.transactional((tx) =>
      runWithEntityManager(tx, async () => {
        const result = await inSavepoint(tx, row, rows, effects);
        const next = result.kind === 'failed' ? counts : { ...counts, [result.kind]: counts[result.kind] + 1 };
        await importStore.advance(tx, stored.id, row.row, next, result.kind === 'failed' ? result.failures : []);
        return result;
      }),
    );
    if (outcome.kind !== 'failed') {
      counts[outcome.kind] += 1;
      await runEffects(effects);
    }
    report(done);
  }
  await ctx.db.transactional((tx) => importStore.finish(tx, stored.id, counts, []));
  return (await importStore.load(ctx.db.em(), stored.id))!.result!;
}

/**
 * Every row in one transaction, each in a savepoint so the rest can still be checked; one bad row
 * rolls all back. The transaction lasts the whole file: on the embedded database (one connection)
 * everything else waits for it.
 */
async function allOrNothing(
  ctx: ModuleContext,
  stored: StoredImport,
  file: Buffer,
  rows: RowImporter,
  task: TaskRun,
  report: (done: number) => void,
): Promise<ImportResult> {
  const counts = { created: 0, updated: 0 };
  const failures: ImportFailure[] = [];
  const effects: Effects = [];
  let done = 0;
  try {
    await ctx.db.transactional((tx) =>
      runWithEntityManager(tx, async () => {
        for await (const row of sheetRows(file)) {
          task.signal.throwIfAborted();
          const rowEffects: Effects = [];
          const outcome = await inSavepoint(tx, row, rows, rowEffects);
          if (outcome.kind === 'failed') failures.push(...outcome.failures);
          else {
            counts[outcome.kind] += 1;
            effects.push(...rowEffects);
          }
          report((done += 1));
        }
        if (failures.length > 0) throw ROLLBACK;
        await importStore.finish(tx, stored.id, counts, []);
      }),
    );
  } catch (error) {
    if (error !== ROLLBACK) throw error;
    await ctx.db.transactional((tx) => importStore.finish(tx, stored.id, { created: 0, updated: 0 }, failures));
    return { created: 0, updated: 0, failed: failures };
  }
  await runEffects(effects);
  return { ...counts, failed: [] };
}

/**
 * One row in a savepoint of `tx`: a row refused half-way (its roles after its insert, say) is
 * rolled back whole. What the service does once a write is committed is collected in `effects`.
 */
async function inSavepoint(tx: EntityManager, row: SheetRow, rows: RowImporter, effects: Effects): Promise<RowOutcome> {
  let outcome: RowOutcome | undefined;
  try {
    await tx.transactional((rowTx) =>
      // Every module the row's checks ask reads through the savepoint: one connection, one view.
      runWithEntityManager(rowTx, async () => {
        const users = new UserService(rows.ctx, { em: () => rowTx, afterCommit: async (work) => void effects.push(work) });
        outcome = await rows.import(row, rowTx, users);
        if (outcome.kind === 'failed') throw ROLLBACK;
      }),
    );
  } catch (error) {
    if (error !== ROLLBACK) throw error;
    effects.length = 0;
  }
  return outcome!;
}

/**
 * The identity cache, `users.lifecycle` and events, after the commit, as a request runs them
 * after its write: every one runs, then the first failure fails the attempt, as it fails a request.
 */
async function runEffects(effects: Effects): Promise<void> {
  const failures: unknown[] = [];
  for (const effect of effects) await effect().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
}

/** The import acts for its uploader: not once their account is disabled or deleted. */
async function refuseGoneUploader(ctx: ModuleContext, userId: string): Promise<void> {
  const uploader = isUuid(userId) ? await ctx.db.em().findOne(UserEntity, { id: userId }, UNSCOPED) : null;
  if (uploader?.status !== 'active') throw new Error('the account that uploaded the file is disabled or gone: the import does not run for it');
}
