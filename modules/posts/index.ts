import { defineModule, provide } from '@atrium/kernel';
import { PostDirectoryApi } from './api';
import { PostErrors } from './errors';
import { PostEntity } from './post.entity';
import { PostDirectoryReader } from './post-directory';
import { posts } from './post.resource';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/posts': '岗位管理' } },
  errors: PostErrors,
  entities: [PostEntity],
  routes: posts.routes,
  provides: [provide(PostDirectoryApi, (ctx) => new PostDirectoryReader(ctx.db))],
});
