import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * Spreadsheet imports (import/): the uploaded workbook and who sent it, kept in the database
 * because the `users.import` task may run on any instance, and how far the task got, so an
 * attempt after a crash goes on where the last one committed instead of importing rows twice.
 * The workbook is dropped when the import finishes; the row, with its result, a day later.
 */
export default class UsersImports extends Migration {
  override up(): void {
    this.addSql(`create table users_import (
      id uuid primary key,
      created_by varchar(128) not null,
      caller jsonb not null,
      mode varchar(16) not null,
      update_existing boolean not null,
      language varchar(8) not null,
      initial_password text,
      file bytea,
      total_rows integer not null,
      rows_done integer not null default 0,
      created integer not null default 0,
      updated integer not null default 0,
      result jsonb,
      created_at timestamptz not null default now()
    )`);
    this.addSql(tenantOwned('users_import'));
    this.addSql('create index users_import_created_at_idx on users_import (created_at)');
    this.addSql(`create table users_import_failure (
      import_id uuid not null references users_import (id) on delete cascade,
      row_number integer not null,
      field varchar(32),
      code varchar(64) not null,
      message text not null
    )`);
    this.addSql(tenantOwned('users_import_failure'));
    this.addSql('create index users_import_failure_import_idx on users_import_failure (import_id, row_number)');
  }

  override down(): void {
    this.addSql('drop table users_import_failure');
    this.addSql('drop table users_import');
  }
}
