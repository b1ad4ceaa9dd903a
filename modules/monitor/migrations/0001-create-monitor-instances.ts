import { Migration } from '@atrium/kernel';

/**
 * Each running instance's latest report of itself. Platform data, not a tenant's: no tenant_id,
 * and only the platform's administrators (the permissions are `global`) read it.
 */
export default class CreateMonitorInstances extends Migration {
  override up(): void {
    this.addSql(`create table monitor_instance (
      instance_id varchar(64) primary key,
      figures jsonb not null,
      caches jsonb not null,
      reported_at timestamptz not null
    )`);
  }

  override down(): void {
    this.addSql('drop table monitor_instance');
  }
}
