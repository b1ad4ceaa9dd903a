import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * Each record belongs to the tenant its request or login was in (the default tenant for one that
 * named none): a tenant reads its own, platform administrators every tenant's. The writers set
 * `tenant_id` themselves, as the platform; records already there belong to the default tenant.
 * The lists' orders lead with the tenant for a tenant's reads; the platform's use the old ones.
 */
export default class AuditTenantOwned extends Migration {
  override up(): void {
    for (const table of ['audit_login', 'audit_operation']) {
      this.addSql(tenantOwned(table));
      this.addSql(`create index ${table}_tenant_at_idx on ${table} (tenant_id, at desc, id desc)`);
    }
  }
}
