import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * Sessions and their refresh tokens belong to the tenant signed in to: a tenant lists and ends
 * only its own. A refresh token's hash stays unique across tenants, since a presented token is
 * what tells which tenant it belongs to.
 */
export default class SessionsTenantOwned extends Migration {
  override up(): void {
    for (const table of ['auth_session', 'auth_refresh_token']) this.addSql(tenantOwned(table));
    this.addSql('drop index auth_session_created_at_idx');
    this.addSql('create index auth_session_created_at_idx on auth_session (tenant_id, created_at desc, id desc)');
  }
}
