import type { DbCapability } from '@atrium/kernel';
import type { PostDirectory } from './api';
import { PostEntity } from './post.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `posts.PostDirectory`: which post ids name no post (users checks a user's `postIds`). */
export class PostDirectoryReader implements PostDirectory {
  constructor(private readonly db: DbCapability) {}

  async missing(ids: readonly string[]): Promise<string[]> {
    const asked = [...new Set(ids)];
    const wellFormed = asked.filter((id) => UUID.test(id));
    const found = new Set<string>();
    if (wellFormed.length > 0) {
      const rows = await this.db.em().find(PostEntity, { id: { $in: wellFormed } }, { fields: ['id'], disableIdentityMap: true });
      for (const row of rows) found.add(row.id.toLowerCase());
    }
    return asked.filter((id) => !found.has(id.toLowerCase()));
  }
}
