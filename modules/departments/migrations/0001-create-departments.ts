import { Migration } from '@atrium/kernel';

export default class CreateDepartments extends Migration {
  override up(): void {
    // The foreign key stays inside the module's own table: it keeps a child from being created
    // under a parent that a concurrent delete has just removed, and such a delete from orphaning it.
    this.addSql(`create table departments_department (
      id uuid primary key,
      parent_id uuid references departments_department (id),
      name varchar(100) not null,
      sort integer not null default 0,
      status varchar(16) not null default 'active' check (status in ('active', 'disabled')),
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // Backs SYSTEM_DEPT_DUPLICATED_409: names are unique among siblings whatever their case, and
    // the roots (no parent) are siblings of one another. Led by parent_id, it also serves the
    // tree walk, the "has children" check and the foreign key's check on delete.
    this.addSql('create unique index departments_department_sibling_name_key on departments_department (parent_id, lower(name)) nulls not distinct');
  }

  override down(): void {
    this.addSql('drop table departments_department');
  }
}
