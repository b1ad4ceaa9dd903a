import { ListIndexesMigration } from '@atrium/kernel';

/**
 * Indexes of the params list (param.resource.ts): a btree index on each sort field and on the
 * builtin filter, a trigram index on each column the keyword searches. 0001's unique index is on
 * lower(key), which neither a sort by key nor a search can use.
 */
export default class ParamListIndexes extends ListIndexesMigration {
  protected readonly table = 'params_param';
  protected readonly btree = ['key', 'name', 'created_at', 'builtin'];
  protected readonly trigram = ['key', 'name'];
}
