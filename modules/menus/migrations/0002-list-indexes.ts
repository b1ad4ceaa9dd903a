import { Migration } from '@atrium/kernel';

/**
 * Indexes of the menus list: the keyword's contains-search on the title through a trigram index
 * (pg_trgm; the embedded PGlite is started with it), each whitelisted sort with the id that breaks
 * its ties, and the type and visible filters with the default order (sort, then title). The
 * moduleId filter uses 0001's (module_id, path) index, the tree walk 0001's parent index.
 */
export default class MenuListIndexes extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm');
    this.addSql('create index menus_menu_title_trgm_idx on menus_menu using gin (title gin_trgm_ops)');
    this.addSql('create index menus_menu_sort_idx on menus_menu (sort, title, id)');
    this.addSql('create index menus_menu_title_idx on menus_menu (title, id)');
    this.addSql('create index menus_menu_created_at_idx on menus_menu (created_at, id)');
    this.addSql('create index menus_menu_type_idx on menus_menu (type, sort, title, id)');
    this.addSql('create index menus_menu_visible_idx on menus_menu (visible, sort, title, id)');
  }

  override down(): void {
    for (const index of ['visible', 'type', 'created_at', 'title', 'sort', 'title_trgm']) this.addSql(`drop index menus_menu_${index}_idx`);
    // The extension stays: another module's indexes may use it.
  }
}
