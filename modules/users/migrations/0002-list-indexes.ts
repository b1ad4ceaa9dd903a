import { Migration } from '@atrium/kernel';

/**
 * Indexes that keep the users list fast at a million rows (measured in docs/decisions.md): the
 * keyword's contains-search on each of its four columns through trigram indexes (pg_trgm, which
 * PostgreSQL ships as a contrib extension and the embedded PGlite is started with), each
 * whitelisted sort with the id that breaks its ties, and each filter with the default order
 * (newest first), so a filtered page is read in order from one index instead of sorted.
 */
export default class UserListIndexes extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm');
    for (const column of ['username', 'nickname', 'email', 'phone']) {
      this.addSql(`create index users_user_${column}_trgm_idx on users_user using gin (${column} gin_trgm_ops)`);
    }
    // username sorts through its unique index (users_user_username_key); created_at through
    // users_user_created_at_idx (0001).
    this.addSql('create index users_user_nickname_idx on users_user (nickname, id)');
    this.addSql('create index users_user_updated_at_idx on users_user (updated_at desc, id desc)');
    this.addSql('create index users_user_status_created_at_idx on users_user (status, created_at desc, id desc)');
    // Replaces 0001's plain dept_id index, which it covers (the department usage count included).
    this.addSql('create index users_user_dept_created_at_idx on users_user (dept_id, created_at desc, id desc)');
    this.addSql('drop index users_user_dept_id_idx');
  }

  override down(): void {
    this.addSql('create index users_user_dept_id_idx on users_user (dept_id)');
    for (const index of ['dept_created_at', 'status_created_at', 'updated_at', 'nickname', 'phone_trgm', 'email_trgm', 'nickname_trgm', 'username_trgm']) {
      this.addSql(`drop index users_user_${index}_idx`);
    }
    // The extension stays: another module's indexes may use it.
  }
}
