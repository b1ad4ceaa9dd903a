import { Migration } from '@atrium/kernel';

/**
 * Assets and the secret signed URLs are made with. An asset is written once and never changed,
 * so it carries no `version`. The secret table holds one row, made by the first instance that
 * starts without ASSET_URL_SECRET, so every instance signs and checks with the same key.
 */
export default class CreateAssets extends Migration {
  override up(): void {
    this.addSql(`create table assets_asset (
      id uuid primary key,
      storage_key varchar(64) not null,
      filename varchar(255) not null,
      content_type varchar(255) not null,
      size bigint not null,
      sha256 char(64) not null,
      created_by varchar(128) not null,
      created_at timestamptz not null
    )`);
    // The cleanup asks, for each stored key, whether a row holds it.
    this.addSql('create unique index assets_asset_storage_key_key on assets_asset (storage_key)');
    this.addSql('create index assets_asset_created_at_idx on assets_asset (created_at desc, id desc)');
    // A caller whose data scope is `self` lists their own assets, newest first.
    this.addSql('create index assets_asset_created_by_idx on assets_asset (created_by, created_at desc)');

    this.addSql(`create table assets_url_secret (
      id smallint primary key check (id = 1),
      secret varchar(128) not null,
      created_at timestamptz not null
    )`);
  }

  override down(): void {
    this.addSql('drop table assets_url_secret');
    this.addSql('drop table assets_asset');
  }
}
