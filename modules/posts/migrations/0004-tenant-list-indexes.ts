import PostListIndexes from './0002-list-indexes';

/** 0002's indexes again, now that posts are tenant-owned (0003): each btree index leads with the tenant. */
export default class PostTenantListIndexes extends PostListIndexes {}
