import { ListIndexesMigration } from '@atrium/kernel';

/** Indexes of the tenant packages list (package.resource.ts). */
export default class PackageListIndexes extends ListIndexesMigration {
  protected readonly table = 'tenants_package';
  protected readonly btree = ['name', 'created_at', 'status'];
  protected readonly trigram = ['name'];
}
