import { Migration } from '@atrium/kernel';

/**
 * A storage key names its tenant's folder (`<tenant id>/<id>`, storage/storage-key.ts); keys
 * written before stay bare, and stay valid where they are.
 */
export default class AssetsTenantFolders extends Migration {
  override up(): void {
    this.addSql('alter table assets_asset alter column storage_key type varchar(80)');
  }
}
