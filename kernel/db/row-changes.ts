/**
 * Counted write statements per table, for lists that reuse their totals. A module's migration
 * tracks a table with trackRowChanges(); a trigger then adds one to the table's number in
 * atrium_row_changes (kernel migration 0002) with every insert, update, delete or truncate, in
 * the writing transaction. A page statement that selects rowChangesColumn() carries the number
 * as of its own snapshot, and pageTotal() answers from the total it last counted while the number
 * is unchanged: the list's count costs nothing until someone writes, on any instance, by any path
 * (the ORM, raw SQL, psql).
 *
 * The price is a lock on one row per table from a write statement to its commit: writes to a
 * tracked table take turns. Track tables listed far more often than written (users), never a
 * log that every request appends to.
 */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function checked(table: string): string {
  if (!IDENTIFIER.test(table)) throw new Error(`not a plain table name: ${table}`);
  return table;
}

/**
 * The statements a migration's up() adds: the trigger, and the table's number, moved on if the
 * table was tracked before (a table dropped and created again must not find its old totals).
 */
export function trackRowChanges(table: string): string[] {
  const name = checked(table);
  return [
    `create or replace trigger ${name}_row_changes after insert or update or delete or truncate on ${name}
      for each statement execute function atrium_count_row_changes()`,
    `insert into atrium_row_changes as counted (table_name, changes) values ('${name}', 0)
      on conflict (table_name) do update set changes = counted.changes + 1`,
  ];
}

/** The statements a migration's down() adds to undo trackRowChanges(). */
export function untrackRowChanges(table: string): string[] {
  const name = checked(table);
  return [`drop trigger if exists ${name}_row_changes on ${name}`, `delete from atrium_row_changes where table_name = '${name}'`];
}

/**
 * The column (named `row_changes`) a page statement selects: null unless the table's trigger is
 * there and enabled, so a number whose trigger was dropped (with its table) or disabled is never
 * trusted.
 */
export function rowChangesColumn(table: string): string {
  const name = checked(table);
  return `(select counted.changes from atrium_row_changes counted
    where counted.table_name = '${name}' and exists (select 1 from pg_trigger t
      where t.tgrelid = to_regclass('${name}') and t.tgname = '${name}_row_changes' and t.tgenabled <> 'D')) as row_changes`;
}

/** Whether a table name is one trackRowChanges() takes (a plain lower-case identifier). */
export function trackableTable(table: string): boolean {
  return IDENTIFIER.test(table);
}
