import { Migration } from '@atrium/kernel';
import { DEFAULT_TENANT_CODE, DEFAULT_TENANT_ID } from '../default-tenant';

/** The packages, the tenants, and the default tenant every installation starts with. */
export default class CreateTenants extends Migration {
  override up(): void {
    this.addSql(`create table tenants_package (
      id uuid primary key,
      name varchar(100) not null,
      permissions text[] not null default '{}',
      status varchar(16) not null default 'active' check (status in ('active', 'disabled')),
      remark varchar(500),
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // Backs TENANT_PACKAGE_DUPLICATED_409, whatever the case.
    this.addSql('create unique index tenants_package_name_key on tenants_package (lower(name))');
    this.addSql(`create table tenants_tenant (
      id uuid primary key,
      code varchar(64) not null,
      name varchar(100) not null,
      status varchar(16) not null default 'active' check (status in ('active', 'disabled')),
      package_id uuid constraint tenants_tenant_package_id_fkey references tenants_package (id),
      expires_at timestamptz,
      user_limit integer check (user_limit > 0),
      remark varchar(500),
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // Backs TENANT_CODE_DUPLICATED_409: a login names `Acme` or `acme` alike.
    this.addSql('create unique index tenants_tenant_code_key on tenants_tenant (lower(code))');
    this.addSql('create index tenants_tenant_package_id_idx on tenants_tenant (package_id)');
    this.addSql(`insert into tenants_tenant (id, code, name, status, created_at, updated_at)
      values ('${DEFAULT_TENANT_ID}', '${DEFAULT_TENANT_CODE}', 'Default tenant', 'active', now(), now())`);
  }

  override down(): void {
    this.addSql('drop table tenants_tenant');
    this.addSql('drop table tenants_package');
  }
}
