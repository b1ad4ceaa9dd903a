import type { EntityManager } from '@atrium/kernel';
import type { Caller } from '../access-rules';
import type { ImportLanguage } from './import-columns';

export type ImportMode = 'partial' | 'all-or-nothing';

/** One row's refusal, as the result reports it: `field` is the column, null for the row as a whole. */
export interface ImportFailure {
  row: number;
  field: string | null;
  code: string;
  message: string;
}

export interface ImportResult {
  created: number;
  updated: number;
  failed: ImportFailure[];
}

/** What the upload route stores for the task. */
export interface NewImport {
  id: string;
  createdBy: string;
  /** The uploader's authority as the route saw it: the task acts with exactly that. */
  caller: Caller;
  mode: ImportMode;
  updateExisting: boolean;
  language: ImportLanguage;
  initialPassword: string | null;
  file: Buffer;
  totalRows: number;
}

/** An import as the task reads it: the upload, and how far earlier attempts committed. */
export interface StoredImport extends Omit<NewImport, 'file'> {
  file: Buffer | null;
  rowsDone: number;
  created: number;
  updated: number;
  result: ImportResult | null;
}

/** How long a finished or abandoned import is kept (its result, or its workbook if it never ran). */
const KEPT = '1 day';

/**
 * The `users_import` rows (migrations/0006-imports.ts), each statement in the current tenant.
 * Progress moves in the transaction of the rows it counts, so it never says more or less than
 * what is committed.
 */
export const importStore = {
  async insert(em: EntityManager, i: NewImport): Promise<void> {
    // Old imports go first: an upload nobody ran, or a result nobody will ask for again.
    await em.execute(`delete from users_import where created_at < now() - interval '${KEPT}'`);
    await em.execute(
      `insert into users_import (id, created_by, caller, mode, update_existing, language, initial_password, file, total_rows)
       values (?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?)`,
      [i.id, i.createdBy, JSON.stringify(i.caller), i.mode, i.updateExisting, i.language, i.initialPassword, i.file, i.totalRows],
    );
  },

  async load(em: EntityManager, id: string): Promise<StoredImport | undefined> {
    const [row] = await em.execute<Array<Record<string, unknown>>>('select * from users_import where id = ?', [id]);
    if (!row) return undefined;
    const failed = await em.execute<ImportFailure[]>(
      'select row_number as "row", field, code, message from users_import_failure where import_id = ? order by row_number',
      [id],
    );
    return {
      id: row.id as string,
      createdBy: row.created_by as string,
      caller: (typeof row.caller === 'string' ? JSON.parse(row.caller) : row.caller) as Caller,
      mode: row.mode as ImportMode,
      updateExisting: row.update_existing as boolean,
      language: row.language as ImportLanguage,
      initialPassword: row.initial_password as string | null,
      file: row.file as Buffer | null,
      totalRows: row.total_rows as number,
      rowsDone: row.rows_done as number,
      created: row.created as number,
      updated: row.updated as number,
      result: row.result === null ? null : ({ ...(typeof row.result === 'string' ? JSON.parse(row.result) : row.result), failed } as ImportResult),
    };
  },

  /** Rows up to `rowsDone` are settled: written (counted) or refused (their failures added). */
  async advance(
    em: EntityManager,
    id: string,
    rowsDone: number,
    counts: { created: number; updated: number },
    failures: readonly ImportFailure[],
  ): Promise<void> {
    await em.execute('update users_import set rows_done = ?, created = ?, updated = ? where id = ?', [rowsDone, counts.created, counts.updated, id]);
    await addFailures(em, id, failures);
  },

  /** The import is over: its counts kept as the result, its workbook and initial password dropped. */
  async finish(em: EntityManager, id: string, counts: { created: number; updated: number }, failures: readonly ImportFailure[]): Promise<void> {
    await addFailures(em, id, failures);
    await em.execute('update users_import set result = ?::jsonb, file = null, initial_password = null where id = ?', [JSON.stringify(counts), id]);
  },
};

async function addFailures(em: EntityManager, id: string, failures: readonly ImportFailure[]): Promise<void> {
  // A bounded batch per statement: an import has at most MAX_IMPORT_ROWS rows, a row a few failures.
  for (let at = 0; at < failures.length; at += 500) {
    const batch = failures.slice(at, at + 500);
    await em.execute(
      `insert into users_import_failure (import_id, row_number, field, code, message) values ${batch.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      batch.flatMap((f) => [id, f.row, f.field, f.code, f.message]),
    );
  }
}
