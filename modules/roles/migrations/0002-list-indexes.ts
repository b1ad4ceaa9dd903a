import { ListIndexesMigration } from '@atrium/kernel';

/**
 * Indexes of the roles list: a btree index on the code and name sorts and on the status filter,
 * a trigram index on each column the keyword searches. The createdAt sort (and the default
 * order, newest first) reads 0001's (created_at desc, id desc) index; 0001's unique index is on
 * lower(code), which neither a sort by code nor a search can use.
 */
export default class RoleListIndexes extends ListIndexesMigration {
  protected readonly table = 'roles_role';
  protected readonly btree = ['code', 'name', 'status'];
  protected readonly trigram = ['code', 'name'];
}
