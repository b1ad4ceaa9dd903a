import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * Posts belong to a tenant: each tenant sees and changes only its own, and a code is unique
 * within its tenant (two tenants may both have a "CEO"). Posts already there belong to the
 * default tenant.
 */
export default class PostsTenantOwned extends Migration {
  override up(): void {
    this.addSql(tenantOwned('posts_post'));
    this.addSql('drop index posts_post_code_key');
    this.addSql('create unique index posts_post_code_key on posts_post (tenant_id, lower(code))');
  }
}
