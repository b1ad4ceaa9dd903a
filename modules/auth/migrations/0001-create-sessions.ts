import { Migration } from '@atrium/kernel';

/** Sessions and the refresh tokens that keep them alive. */
export default class CreateSessions extends Migration {
  override up(): void {
    this.addSql(`create table auth_session (
      id uuid primary key,
      user_id uuid not null,
      username varchar(64) not null,
      ip varchar(64) not null,
      user_agent varchar(512) not null,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason varchar(32)
    )`);
    // Revoking a user's sessions and listing them read only the live ones.
    this.addSql('create index auth_session_user_live_idx on auth_session (user_id) where revoked_at is null');
    this.addSql('create index auth_session_created_at_idx on auth_session (created_at desc, id desc)');
    this.addSql('create index auth_session_expires_at_idx on auth_session (expires_at)');

    this.addSql(`create table auth_refresh_token (
      id uuid primary key,
      session_id uuid not null references auth_session (id) on delete cascade,
      token_hash char(64) not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      spent_at timestamptz
    )`);
    // A presented token is found by its hash; two equal hashes would make one token two sessions'.
    this.addSql('create unique index auth_refresh_token_hash_key on auth_refresh_token (token_hash)');
    this.addSql('create index auth_refresh_token_session_idx on auth_refresh_token (session_id)');
    this.addSql('create index auth_refresh_token_expires_at_idx on auth_refresh_token (expires_at)');
  }

  override down(): void {
    this.addSql('drop table auth_refresh_token');
    this.addSql('drop table auth_session');
  }
}
