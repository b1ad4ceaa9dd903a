import { defineModule, provide } from '@atrium/kernel';
import { PostDirectoryApi } from './api';
import { PostErrors } from './errors';
import { PostEntity } from './post.entity';
import { PostDirectoryReader } from './post-directory';
import { createPost, deletePost, getPost, listPosts, updatePost } from './posts.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: PostErrors,
  entities: [PostEntity],
  routes: [listPosts, getPost, createPost, updatePost, deletePost],
  provides: [provide(PostDirectoryApi, (ctx) => new PostDirectoryReader(ctx.db))],
});
