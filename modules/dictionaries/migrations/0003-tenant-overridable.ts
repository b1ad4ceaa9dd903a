import { Migration, tenantOverridable } from '@atrium/kernel';

/**
 * Dictionaries per tenant: the default tenant's dictionaries (those already there) are the
 * platform's, which every tenant reads; a tenant's own dictionary with a code replaces the
 * platform's of that code, items and all. A code is unique within its tenant, whatever its case.
 * An item belongs to its dictionary's tenant: the key now names both, so no tenant's item can
 * hang under another's dictionary, and a tenant's delete never reaches the platform's items.
 */
export default class DictionariesTenantOverridable extends Migration {
  override up(): void {
    this.addSql(tenantOverridable('dictionaries_type'));
    this.addSql(tenantOverridable('dictionaries_item'));
    this.addSql('drop index dictionaries_type_code_key');
    this.addSql('create unique index dictionaries_type_code_key on dictionaries_type (tenant_id, lower(code))');
    this.addSql('alter table dictionaries_type add constraint dictionaries_type_tenant_id_id_key unique (tenant_id, id)');
    this.addSql('alter table dictionaries_item drop constraint dictionaries_item_type_id_fkey');
    this.addSql(`alter table dictionaries_item add constraint dictionaries_item_type_id_fkey
      foreign key (tenant_id, type_id) references dictionaries_type (tenant_id, id) on delete cascade`);
  }
}
