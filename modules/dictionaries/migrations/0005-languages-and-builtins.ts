import { Migration } from '@atrium/kernel';

/**
 * Labels per language and built-in dictionaries. An item keeps its one `label` (what it showed
 * before, and the fallback of a language it has no label in) and gains `labels`, the label per
 * language (`{"en": "Active", "zh": "正常"}`); a dictionary gains `names`, its name per language.
 * `builtin` marks the platform dictionaries modules declare through `dictionaries.builtin`
 * (builtin-sync.ts): never deleted, code and name the module's.
 */
export default class DictionaryLanguagesAndBuiltins extends Migration {
  override up(): void {
    this.addSql(`alter table dictionaries_item add column labels jsonb not null default '{}'::jsonb`);
    this.addSql(`alter table dictionaries_type add column names jsonb not null default '{}'::jsonb`);
    this.addSql('alter table dictionaries_type add column builtin boolean not null default false');
  }
}
