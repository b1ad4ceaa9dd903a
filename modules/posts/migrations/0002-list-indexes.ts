import { ListIndexesMigration } from '@atrium/kernel';

/**
 * Indexes of the posts list (post.resource.ts): a btree index on each sort field and on the
 * status filter, a trigram index on each column the keyword searches. 0001's unique index is on
 * lower(code), which neither a sort by code nor a search can use.
 */
export default class PostListIndexes extends ListIndexesMigration {
  protected readonly table = 'posts_post';
  protected readonly btree = ['code', 'name', 'sort', 'created_at', 'status'];
  protected readonly trigram = ['code', 'name'];
}
