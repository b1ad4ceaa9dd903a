import { Migration } from '@atrium/kernel';

/**
 * Authenticator secrets are stored sealed (SecretBox: longer than the base32 secret). Rows written
 * before hold a plain secret, sealed when first read (mfa/totp-factors.ts): a migration is SQL and
 * has no key to seal with.
 */
export default class SealedTotpSecrets extends Migration {
  override up(): void {
    this.addSql('alter table auth_totp_factor alter column secret type text');
  }

  override down(): void {
    this.addSql('alter table auth_totp_factor alter column secret type varchar(64)');
  }
}
