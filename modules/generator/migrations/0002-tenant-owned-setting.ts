import { Migration } from '@atrium/kernel';

export default class TenantOwnedSetting extends Migration {
  override up(): void {
    // Configurations imported before tenancy made modules for the platform alone: they keep
    // doing so until their owner says otherwise. New imports propose tenant-owned (proposal.ts).
    this.addSql('alter table generator_table add column tenant_owned boolean not null default false');
  }
}
