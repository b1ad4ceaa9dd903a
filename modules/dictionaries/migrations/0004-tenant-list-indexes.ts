import DictionaryListIndexes from './0002-list-indexes';

/** 0002's indexes again, now that dictionaries have tenants (0003): each btree index leads with the tenant. */
export default class DictionaryTenantListIndexes extends DictionaryListIndexes {}
