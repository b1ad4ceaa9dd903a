import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * Roles, what they grant and the departments a `custom` one sees belong to a tenant; a code is
 * unique within its tenant. The seeded administrator role stays the default tenant's.
 */
export default class RolesTenantOwned extends Migration {
  override up(): void {
    for (const table of ['roles_role', 'roles_role_permission', 'roles_role_dept']) this.addSql(tenantOwned(table));
    this.addSql('drop index roles_role_code_key');
    this.addSql('create unique index roles_role_code_key on roles_role (tenant_id, lower(code))');
    this.addSql('drop index roles_role_created_at_idx');
    this.addSql('create index roles_role_created_at_idx on roles_role (tenant_id, created_at desc, id desc)');
  }
}
