import { Migration } from '@atrium/kernel';

export default class CreateGeneratorTables extends Migration {
  override up(): void {
    // One row per imported table. `columns` holds each column's introspected facts and its
    // settings, edited and validated as a whole (config-rules.ts).
    this.addSql(`create table generator_table (
      id uuid primary key,
      table_name varchar(128) not null,
      table_comment text,
      template_id varchar(64) not null,
      template_version varchar(64) not null,
      module_id varchar(128) not null,
      module_name varchar(64) not null,
      class_name varchar(128) not null,
      resource_path varchar(256) not null,
      permission_prefix varchar(200) not null,
      columns jsonb not null,
      unique_constraints jsonb not null,
      foreign_keys jsonb not null,
      referenced_by jsonb not null,
      generated_at timestamptz,
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // Back GENERATOR_TABLE_IMPORTED_409 and GENERATOR_MODULE_EXISTS_409 when two requests race.
    this.addSql('create unique index generator_table_table_name_key on generator_table (table_name)');
    this.addSql('create unique index generator_table_module_id_key on generator_table (module_id)');
  }

  override down(): void {
    this.addSql('drop table generator_table');
  }
}
