import { Migration } from '@atrium/kernel';

/**
 * The instances using local asset storage, each with a heartbeat: an instance compares them with
 * the markers in its own assets folder to know whether that folder is shared
 * (storage/shared-directory.ts).
 */
export default class CreateStorageInstances extends Migration {
  override up(): void {
    this.addSql('create table assets_storage_instance (id uuid primary key, seen_at timestamptz not null)');
  }

  override down(): void {
    this.addSql('drop table assets_storage_instance');
  }
}
