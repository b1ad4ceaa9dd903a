import { Migration } from '@atrium/kernel';

/** The menus: those modules declare (module_id set) and those made through the API (module_id null). */
export default class CreateMenus extends Migration {
  override up(): void {
    this.addSql(`create table menus_menu (
      id uuid primary key,
      parent_id uuid null,
      title varchar(256) not null,
      path varchar(256) not null,
      component varchar(512) not null,
      permission varchar(200) not null,
      type varchar(16) not null,
      icon varchar(128) null,
      sort integer not null,
      visible boolean not null,
      module_id varchar(128) null,
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // A module menu is keyed by (module, path): the sync finds it by this, and two instances
    // syncing at once cannot insert it twice.
    this.addSql('create unique index menus_menu_module_path_key on menus_menu (module_id, path) where module_id is not null');
    this.addSql('create index menus_menu_parent_idx on menus_menu (parent_id)');
  }

  override down(): void {
    this.addSql('drop table menus_menu');
  }
}
