import type { EntityManager } from '@mikro-orm/core';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { TENANT_POLICY_SUFFIX } from './tenant-owned';

/**
 * Deletes every row a tenant has, in every tenant-owned table, on `em`'s transaction — run it as
 * the platform (runAsPlatform), which reads every tenant. Tables are emptied of the tenant's rows
 * in whatever order their foreign keys allow: a table that a row of another still refers to is
 * tried again once that one is done (each attempt in a savepoint, so a refused one undoes only
 * itself). Answers how many rows each table lost; throws when no order lets the rest go.
 */
export async function deleteTenantRows(em: EntityManager, tenantId: string): Promise<Record<string, number>> {
  const connection = em.getConnection();
  const context = em.getTransactionContext();
  const run = async <T = unknown[]>(sql: string, params: unknown[] = []): Promise<T> => (await connection.execute(sql, params, 'all', context)) as T;
  // Deferred checks wait for the commit, by when the rows they would miss are gone too.
  await run('set constraints all deferred');
  let pending = (
    await run<Array<{ table: string }>>(
      `select c.relname as table from pg_policy p join pg_class c on c.oid = p.polrelid
        where p.polname = c.relname || ? and c.relnamespace = current_schema()::regnamespace order by 1`,
      [TENANT_POLICY_SUFFIX],
    )
  ).map((row) => row.table);
  const deleted: Record<string, number> = {};
  while (pending.length > 0) {
    const refused: string[] = [];
    for (const table of pending) {
      await run('savepoint tenant_rows');
      try {
        const [{ n }] = await run<Array<{ n: number }>>(
          `with gone as (delete from "${table}" where tenant_id = ? returning 1) select count(*)::int as n from gone`,
          [tenantId],
        );
        deleted[table] = n;
        await run('release savepoint tenant_rows');
      } catch (error) {
        if (!(error instanceof ForeignKeyConstraintViolationException)) throw error;
        await run('rollback to savepoint tenant_rows');
        refused.push(table);
      }
    }
    if (refused.length === pending.length) throw new Error(`the rows of tenant ${tenantId} in ${refused.join(', ')} are still referred to from elsewhere`);
    pending = refused;
  }
  return deleted;
}
