import { defineModule, provide } from '@atrium/kernel';
import { PostDirectoryApi } from './api';
import { PostErrors } from './errors';
import { PostEntity } from './post.entity';
import { PostDirectoryReader } from './post-directory';
import { posts } from './post.resource';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: PostErrors,
  entities: [PostEntity],
  routes: posts.routes,
  provides: [provide(PostDirectoryApi, (ctx) => new PostDirectoryReader(ctx.db))],
});
