import { Migration } from '@atrium/kernel';

/**
 * Login captchas: each challenge's answer (hashed), until it is spent or expires. No tenant's: a
 * challenge is drawn before anyone names a tenant, and is spent by the login that carries it.
 */
export default class Captchas extends Migration {
  override up(): void {
    this.addSql('create table auth_captcha (id uuid primary key, answer_hash text not null, expires_at timestamptz not null)');
    this.addSql('create index auth_captcha_expires_at_idx on auth_captcha (expires_at)');
  }

  override down(): void {
    this.addSql('drop table auth_captcha');
  }
}
