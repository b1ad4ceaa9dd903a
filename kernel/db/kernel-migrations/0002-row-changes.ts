import { Migration } from '../../orm';

/**
 * How many write statements each tracked table has seen (kernel/db/row-changes.ts). A list may
 * reuse a total it counted while the number is unchanged: the number moves in the same
 * transaction as the rows, so a statement that reads it unchanged sees the rows unchanged too.
 */
export class RowChanges0002 extends Migration {
  override up(): void {
    this.addSql(`create table atrium_row_changes (
      table_name text primary key,
      changes bigint not null
    )`);
    this.addSql(`create function atrium_count_row_changes() returns trigger language plpgsql as $$
      begin
        insert into atrium_row_changes as counted (table_name, changes) values (TG_TABLE_NAME, 1)
          on conflict (table_name) do update set changes = counted.changes + 1;
        return null;
      end
    $$`);
  }

  override down(): void {
    this.addSql('drop function atrium_count_row_changes() cascade');
    this.addSql('drop table atrium_row_changes');
  }
}
