import { missingIds, namesOf, type DbCapability } from '@atrium/kernel';
import type { PostDirectory } from './api';
import { PostEntity } from './post.entity';

/** `posts.PostDirectory`: which post ids name no post (users checks a user's `postIds`), and their names. */
export class PostDirectoryReader implements PostDirectory {
  constructor(private readonly db: DbCapability) {}

  missing(ids: readonly string[]): Promise<string[]> {
    return missingIds(this.db.em(), PostEntity, ids);
  }

  namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    return namesOf(this.db.em(), PostEntity, ids);
  }
}
