import { Migration } from '@atrium/kernel';

/**
 * Which administrator password hash a production start last found off the well-known list
 * (admin-password-check.ts), as a digest: that check costs an argon2 verify per listed password,
 * a quarter of a second of every production start, for a hash that rarely changes.
 */
export default class AdminPasswordChecked extends Migration {
  override up(): void {
    this.addSql('create table users_admin_password_checked (digest text primary key, checked_at timestamptz not null default now())');
  }

  override down(): void {
    this.addSql('drop table users_admin_password_checked');
  }
}
