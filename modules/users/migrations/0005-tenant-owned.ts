import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * Users, and the roles and posts they hold, belong to a tenant. A username, an email and a phone
 * are unique within their tenant: the same name may sign in to two tenants as two people. The
 * list's orders lead with the tenant, so a tenant's page is read from its own part of each index
 * however many tenants there are. Users already there belong to the default tenant.
 */
export default class UsersTenantOwned extends Migration {
  override up(): void {
    for (const table of ['users_user', 'users_user_role', 'users_user_post']) this.addSql(tenantOwned(table));
    this.addSql('drop index users_user_username_key');
    this.addSql('create unique index users_user_username_key on users_user (tenant_id, username)');
    this.addSql('drop index users_user_email_key');
    this.addSql('create unique index users_user_email_key on users_user (tenant_id, email) where email is not null');
    this.addSql('drop index users_user_phone_key');
    this.addSql('create unique index users_user_phone_key on users_user (tenant_id, phone) where phone is not null');
    for (const [name, columns] of [
      ['created_at', 'created_at desc, id desc'],
      ['nickname', 'nickname, id'],
      ['updated_at', 'updated_at desc, id desc'],
      ['status_created_at', 'status, created_at desc, id desc'],
    ]) {
      this.addSql(`drop index users_user_${name}_idx`);
      this.addSql(`create index users_user_${name}_idx on users_user (tenant_id, ${columns})`);
    }
  }
}
