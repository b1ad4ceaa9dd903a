import { Migration } from '@atrium/kernel';

export default class CreateParams extends Migration {
  override up(): void {
    this.addSql(`create table params_param (
      id uuid primary key,
      key varchar(100) not null,
      value varchar(2000) not null,
      name varchar(100) not null,
      builtin boolean not null default false,
      remark varchar(500),
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // Backs SYSTEM_PARAM_DUPLICATED_409 and the race of two instances creating the built-ins:
    // `auth.login.maxFailures` and `auth.login.maxfailures` are one key.
    this.addSql('create unique index params_param_key_key on params_param (lower(key))');
  }

  override down(): void {
    this.addSql('drop table params_param');
  }
}
