import { Migration } from '@atrium/kernel';

/**
 * A platform administrator's session that acts inside another tenant (POST /auth/switch-tenant):
 * the session stays in the administrator's own tenant, and names the one it acts in.
 */
export default class SessionsActingTenant extends Migration {
  override up(): void {
    this.addSql('alter table auth_session add column acting_tenant_id uuid');
  }
}
