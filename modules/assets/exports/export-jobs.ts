import type { EntityManager, ExportJob } from '@atrium/kernel';

/** An export waiting for its task: the job, and the user it was asked by. */
export interface StoredExport {
  id: string;
  createdBy: string;
  job: ExportJob;
}

/** Export jobs are kept for a week at most when their task never succeeds. */
export const EXPORT_JOB_DAYS = 7;

/** `assets_export` (migrations/0005-export-jobs.ts), in the current tenant. */
export const exportJobs = {
  async insert(em: EntityManager, stored: StoredExport): Promise<void> {
    await em.execute('insert into assets_export (id, created_by, job) values (?, ?, ?::jsonb)', [stored.id, stored.createdBy, JSON.stringify(stored.job)]);
  },

  async load(em: EntityManager, id: string): Promise<StoredExport | undefined> {
    const [row] = await em.execute<Array<{ id: string; created_by: string; job: unknown }>>('select id, created_by, job from assets_export where id = ?', [id]);
    if (!row) return undefined;
    // The driver parses jsonb; the embedded server's may hand the text over.
    const job = (typeof row.job === 'string' ? JSON.parse(row.job) : row.job) as ExportJob;
    return { id: row.id, createdBy: row.created_by, job };
  },

  async remove(em: EntityManager, id: string): Promise<void> {
    await em.execute('delete from assets_export where id = ?', [id]);
  },

  /** Jobs older than EXPORT_JOB_DAYS, whatever their task came to; answers how many went. */
  async removeStale(em: EntityManager, now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - EXPORT_JOB_DAYS * 24 * 3600 * 1000);
    const removed = await em.execute<Array<{ id: string }>>('delete from assets_export where created_at < ? returning id', [before]);
    return removed.length;
  },
};
