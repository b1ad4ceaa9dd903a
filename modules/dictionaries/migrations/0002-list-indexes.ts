import { ListIndexesMigration } from '@atrium/kernel';

/**
 * Indexes of the dictionaries list (type.resource.ts): a btree index on each sort field and on
 * the status filter, a trigram index on each column the keyword searches (the code's also serves
 * the items' case-blind look-up of their dictionary). The items' list is read from the item cache,
 * which loads a dictionary's items through 0001's (type_id, value) index.
 */
export default class DictionaryListIndexes extends ListIndexesMigration {
  protected readonly table = 'dictionaries_type';
  protected readonly btree = ['code', 'name', 'created_at', 'status'];
  protected readonly trigram = ['code', 'name'];
}
