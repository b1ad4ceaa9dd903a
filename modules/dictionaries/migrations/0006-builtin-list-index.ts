import DictionaryListIndexes from './0002-list-indexes';

/** 0004's indexes, and one on `builtin` (0005), which the list now filters on. */
export default class DictionaryBuiltinListIndex extends DictionaryListIndexes {
  protected override readonly btree = ['code', 'name', 'created_at', 'status', 'builtin'];
}
