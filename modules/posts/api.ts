/** The posts module's public contract. */
import { publicApi } from '@atrium/kernel';

export interface PostDirectory {
  /** Ids among `ids` that name no post. */
  missing(ids: readonly string[]): Promise<string[]>;
  /** The names of the posts among `ids`, by id (what a user's export shows). */
  namesOf(ids: readonly string[]): Promise<Map<string, string>>;
}

export const PostDirectoryApi = publicApi<PostDirectory>('posts.PostDirectory');
