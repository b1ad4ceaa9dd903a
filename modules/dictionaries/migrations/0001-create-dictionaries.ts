import { Migration } from '@atrium/kernel';

export default class CreateDictionaries extends Migration {
  override up(): void {
    this.addSql(`create table dictionaries_type (
      id uuid primary key,
      code varchar(100) not null,
      name varchar(100) not null,
      status varchar(16) not null default 'active' check (status in ('active', 'disabled')),
      remark varchar(500),
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // Backs SYSTEM_DICT_DUPLICATED_409 for codes: `Sex` and `sex` are one code.
    this.addSql('create unique index dictionaries_type_code_key on dictionaries_type (lower(code))');
    // Both tables are this module's: the key holds an item to its type, and deleting a type
    // deletes its items with it.
    this.addSql(`create table dictionaries_item (
      id uuid primary key,
      type_id uuid not null references dictionaries_type (id) on delete cascade,
      label varchar(100) not null,
      value varchar(100) not null,
      sort integer not null default 0,
      status varchar(16) not null default 'active' check (status in ('active', 'disabled')),
      is_default boolean not null default false,
      remark varchar(500),
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // Backs SYSTEM_DICT_DUPLICATED_409 for values within a type, and serves a type's items.
    this.addSql('create unique index dictionaries_item_value_key on dictionaries_item (type_id, value)');
  }

  override down(): void {
    this.addSql('drop table dictionaries_item');
    this.addSql('drop table dictionaries_type');
  }
}
