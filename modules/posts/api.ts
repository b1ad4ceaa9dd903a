/** The posts module's public contract. */
import { publicApi } from '@atrium/kernel';

export interface PostDirectory {
  /** Ids among `ids` that name no post. */
  missing(ids: readonly string[]): Promise<string[]>;
}

export const PostDirectoryApi = publicApi<PostDirectory>('posts.PostDirectory');
