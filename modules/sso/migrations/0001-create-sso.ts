import { Migration, tenantOwned } from '@atrium/kernel';

/** Providers, links of their subjects to users, attempts under way and sign-in codes: each tenant's own (README.md, "Data"). */
export default class CreateSso extends Migration {
  override up(): void {
    this.addSql(`create table sso_provider (
      id uuid primary key,
      name varchar(64) not null,
      display_name varchar(128) not null,
      issuer varchar(512) not null,
      client_id varchar(256) not null,
      client_secret_sealed text not null,
      username_claim varchar(64) not null,
      email_claim varchar(64) not null,
      link_by varchar(16) not null check (link_by in ('email', 'username', 'none')),
      default_role_id uuid null,
      jit boolean not null,
      enabled boolean not null,
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(tenantOwned('sso_provider'));
    this.addSql('create unique index sso_provider_name_key on sso_provider (tenant_id, name)');
    this.addSql(`create table sso_link (
      provider_id uuid not null references sso_provider (id) on delete cascade,
      subject varchar(255) not null,
      user_id uuid not null,
      created_at timestamptz not null,
      primary key (provider_id, subject)
    )`);
    this.addSql(tenantOwned('sso_link'));
    // One row per sign-in under way, and per code handed to the console: found by their hash, used once.
    this.addSql(`create table sso_attempt (
      state_hash char(64) primary key,
      provider_id uuid not null references sso_provider (id) on delete cascade,
      code_verifier varchar(128) not null,
      nonce varchar(128) not null,
      expires_at timestamptz not null
    )`);
    this.addSql(tenantOwned('sso_attempt'));
    this.addSql(`create table sso_handoff (
      code_hash char(64) primary key,
      tokens_sealed text not null,
      expires_at timestamptz not null
    )`);
    this.addSql(tenantOwned('sso_handoff'));
  }
}
