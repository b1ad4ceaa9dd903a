import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * Assets belong to the tenant that uploaded them: a tenant lists, reads, downloads and deletes
 * only its own, and a signed URL names its tenant. The list's orders lead with the tenant. The
 * storage keys stay unique across tenants (they are random, and the cleanup reads every tenant's).
 */
export default class AssetsTenantOwned extends Migration {
  override up(): void {
    this.addSql(tenantOwned('assets_asset'));
    this.addSql('drop index assets_asset_created_at_idx');
    this.addSql('create index assets_asset_created_at_idx on assets_asset (tenant_id, created_at desc, id desc)');
    this.addSql('drop index assets_asset_created_by_idx');
    this.addSql('create index assets_asset_created_by_idx on assets_asset (tenant_id, created_by, created_at desc)');
  }
}
