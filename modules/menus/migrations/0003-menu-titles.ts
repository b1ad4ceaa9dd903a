import { Migration } from '@atrium/kernel';

/**
 * A menu's title per language (`{"zh": "用户管理"}`) beside its one `title`, which stays what it
 * was and answers a language `titles` has none in. A module's come from its code (menu-sync.ts),
 * an API menu's from the API. One JSON column rather than a column per language: a language the
 * kernel comes to speak needs no migration.
 */
export default class MenuTitles extends Migration {
  override up(): void {
    this.addSql(`alter table menus_menu add column titles jsonb not null default '{}'::jsonb`);
  }

  override down(): void {
    this.addSql('alter table menus_menu drop column titles');
  }
}
