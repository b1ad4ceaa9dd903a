import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * Two-factor sign-in (TOTP): each user's authenticator secret, their one-time recovery codes
 * (sha256 of each: the database never holds a code that works) and the short-lived tokens that
 * carry a login from its password to its second factor. All belong to the user's tenant.
 */
export default class TwoFactor extends Migration {
  override up(): void {
    this.addSql(`create table auth_totp_factor (
      user_id uuid primary key,
      secret varchar(64) not null,
      enabled_at timestamptz,
      last_step bigint,
      created_at timestamptz not null
    )`);
    this.addSql(`create table auth_recovery_code (
      id uuid primary key,
      user_id uuid not null,
      code_hash char(64) not null,
      used_at timestamptz
    )`);
    this.addSql('create unique index auth_recovery_code_key on auth_recovery_code (user_id, code_hash)');
    this.addSql(`create table auth_mfa_challenge (
      id uuid primary key,
      user_id uuid not null,
      purpose varchar(16) not null,
      token_hash char(64) not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      spent_at timestamptz
    )`);
    // A presented token is found by its hash, before its tenant is known.
    this.addSql('create unique index auth_mfa_challenge_hash_key on auth_mfa_challenge (token_hash)');
    this.addSql('create index auth_mfa_challenge_user_idx on auth_mfa_challenge (user_id)');
    for (const table of ['auth_totp_factor', 'auth_recovery_code', 'auth_mfa_challenge']) this.addSql(tenantOwned(table));
  }

  override down(): void {
    this.addSql('drop table auth_mfa_challenge');
    this.addSql('drop table auth_recovery_code');
    this.addSql('drop table auth_totp_factor');
  }
}
