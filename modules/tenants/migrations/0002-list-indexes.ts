import { ListIndexesMigration } from '@atrium/kernel';

/** Indexes of the tenants list (tenant.resource.ts); 0001's unique index is on lower(code), which neither a sort nor a search uses. */
export default class TenantListIndexes extends ListIndexesMigration {
  protected readonly table = 'tenants_tenant';
  protected readonly btree = ['code', 'name', 'expires_at', 'created_at', 'status'];
  protected readonly trigram = ['code', 'name'];
}
