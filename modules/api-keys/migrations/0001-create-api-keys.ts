import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * API keys, each its owner's tenant's. A presented key is found by its `lookup` part alone,
 * through a unique index across tenants (the part is random, and what tells the tenant); the
 * owner's list reads `(user_id, created_at)`, the administrators' `created_at`. The owner's
 * username at creation is kept, so the administrators' list shows and filters it without asking
 * users (as sessions do).
 */
export default class CreateApiKeys extends Migration {
  override up(): void {
    this.addSql(`create table api_keys_key (
      id uuid primary key,
      user_id uuid not null,
      username varchar(64) not null,
      name varchar(100) not null,
      lookup varchar(16) not null,
      secret_hash varchar(64) not null,
      permissions jsonb not null,
      expires_at timestamptz null,
      last_used_at timestamptz null,
      created_at timestamptz not null,
      revoked_at timestamptz null
    )`);
    this.addSql('create unique index api_keys_key_lookup_key on api_keys_key (lookup)');
    this.addSql(tenantOwned('api_keys_key'));
    this.addSql('create index api_keys_key_owner_idx on api_keys_key (tenant_id, user_id, created_at desc)');
    this.addSql('create index api_keys_key_created_at_idx on api_keys_key (tenant_id, created_at desc, id desc)');
  }
}
