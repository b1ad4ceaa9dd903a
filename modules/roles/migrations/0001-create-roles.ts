import { Migration } from '@atrium/kernel';

/**
 * The roles, what each grants and which departments a `custom` one sees, and the seeded
 * administrator role. Plain SQL that both PostgreSQL 15+ and the embedded one run.
 */
export default class CreateRoles extends Migration {
  override up(): void {
    this.addSql(`create table roles_role (
      id uuid primary key,
      code varchar(64) not null,
      name varchar(128) not null,
      status varchar(16) not null,
      data_scope varchar(32) not null,
      remark varchar(500) null,
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // Backs SYSTEM_ROLE_DUPLICATED_409: `Admin` and `admin` are one code, and the index decides races.
    this.addSql('create unique index roles_role_code_key on roles_role (lower(code))');
    this.addSql('create index roles_role_created_at_idx on roles_role (created_at desc, id desc)');

    // Deferred: a role and its rows are written in one flush, in whatever order the ORM picks.
    this.addSql(`create table roles_role_permission (
      role_id uuid not null references roles_role (id) on delete cascade deferrable initially deferred,
      permission varchar(200) not null,
      primary key (role_id, permission)
    )`);
    // Department ids belong to the departments module: a plain column, no foreign key.
    this.addSql(`create table roles_role_dept (
      role_id uuid not null references roles_role (id) on delete cascade deferrable initially deferred,
      dept_id uuid not null,
      primary key (role_id, dept_id)
    )`);

    // The administrator role has a fixed id (ADMIN_ROLE_ID in admin-role.ts), so its protections
    // follow the row, not a code someone could reuse.
    this.addSql(`insert into roles_role (id, code, name, status, data_scope, remark, version, created_at, updated_at)
      values ('01900000-0000-7000-8000-000000000001', 'admin', 'Administrator', 'active', 'all',
              'Holds every permission; cannot be deleted, disabled or stripped.', 1, now(), now())`);
    this.addSql(`insert into roles_role_permission (role_id, permission) values ('01900000-0000-7000-8000-000000000001', '*:*:*')`);
  }

  override down(): void {
    this.addSql('drop table roles_role_dept');
    this.addSql('drop table roles_role_permission');
    this.addSql('drop table roles_role');
  }
}
