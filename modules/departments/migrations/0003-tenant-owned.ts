import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * Departments belong to a tenant, and so does each tree: names are unique among siblings within
 * a tenant, two tenants' roots included. Departments already there belong to the default tenant.
 */
export default class DepartmentsTenantOwned extends Migration {
  override up(): void {
    this.addSql(tenantOwned('departments_department'));
    this.addSql('drop index departments_department_sibling_name_key');
    this.addSql('create unique index departments_department_sibling_name_key on departments_department (tenant_id, parent_id, lower(name)) nulls not distinct');
  }
}
