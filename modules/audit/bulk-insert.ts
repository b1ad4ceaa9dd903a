import type { EntityManager } from '@atrium/kernel';

/**
 * A table's columns: the database column, the JSON property that fills it, its SQL type, and
 * what a row without the property gets (an SQL literal; null when left out).
 */
export type InsertColumns = ReadonlyArray<readonly [column: string, property: string, type: string, fallback?: string]>;

/**
 * One insert of many rows sent as a single JSON array that PostgreSQL unpacks
 * (`jsonb_to_recordset`): the server turns the text into rows, so this process binds one
 * parameter instead of converting every value of every row through the ORM. Through knex, so the
 * array travels as a bound parameter: the ORM's `execute` would inline it into the SQL, escaping
 * it character by character here and lexing it again in the database. A row whose id is already
 * there is skipped: a batch tried again after a lost answer, or replayed from the outbox after a
 * crash, inserts nothing twice.
 */
export function bulkInsert(table: string, columns: InsertColumns): (em: EntityManager, json: string) => Promise<void> {
  const names = columns.map(([column]) => column).join(', ');
  const picked = columns.map(([, property, , fallback]) => (fallback ? `coalesce(r."${property}", ${fallback})` : `r."${property}"`)).join(', ');
  const record = columns.map(([, property, type]) => `"${property}" ${type}`).join(', ');
  const sql = `insert into ${table} (${names}) select ${picked} from jsonb_to_recordset(cast(? as jsonb)) as r(${record}) on conflict do nothing`;
  return async (em, json) => {
    await em.getKnex().raw(sql, [json]);
  };
}
