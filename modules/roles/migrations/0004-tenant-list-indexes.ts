import RoleListIndexes from './0002-list-indexes';

/** 0002's indexes again, now that roles are tenant-owned (0003): each btree index leads with the tenant. */
export default class RoleTenantListIndexes extends RoleListIndexes {}
