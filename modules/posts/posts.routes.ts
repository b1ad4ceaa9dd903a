import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { PostErrors } from './errors';
import { CreatePostBody, IdParams, PostFilterQuery, PostSchema, UpdatePostBody } from './post.schemas';
import { PostService } from './post.service';

/** Stateless: one per call, always on the request's EntityManager. */
const posts = (ctx: ModuleContext) => new PostService(ctx.db);

export const listPosts = defineRoute({
  method: 'GET',
  path: '/posts',
  permission: 'system:post:list',
  summary: 'Posts, a page at a time',
  description: 'Posts (job positions) users hold. Filters and sort fields are listed with the parameters.',
  query: PostFilterQuery,
  list: { sort: { code: 'code', name: 'name', sort: 'sort', createdAt: 'createdAt' } },
  response: Paginated(PostSchema),
  handler: ({ query: { keyword, status }, page }, ctx) => posts(ctx).list(page, { keyword, status }),
});

export const getPost = defineRoute({
  method: 'GET',
  path: '/posts/{id}',
  permission: 'system:post:query',
  summary: 'One post',
  description: 'One post with its code, name, order, status and remark.',
  params: IdParams,
  response: PostSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => posts(ctx).get(params.id),
});

export const createPost = defineRoute({
  method: 'POST',
  path: '/posts',
  permission: 'system:post:add',
  summary: 'Adds a post',
  description: 'The code is unique whatever its case (409 SYSTEM_POST_DUPLICATED_409).',
  status: 201,
  body: CreatePostBody,
  response: PostSchema,
  errors: [PostErrors.SYSTEM_POST_DUPLICATED_409],
  handler: ({ body }, ctx) => posts(ctx).create(body),
});

export const updatePost = defineRoute({
  method: 'PUT',
  path: '/posts/{id}',
  permission: 'system:post:edit',
  summary: 'Changes the fields sent; `version` is the one the caller read',
  description:
    'What is left out stays as it is. A code taken by another post is 409 SYSTEM_POST_DUPLICATED_409; a stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
  params: IdParams,
  body: UpdatePostBody,
  response: PostSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, KernelErrors.SYSTEM_VERSION_CONFLICT_409, PostErrors.SYSTEM_POST_DUPLICATED_409],
  handler: ({ params, body: { version, ...change } }, ctx) => posts(ctx).update(params.id, change, version),
});

export const deletePost = defineRoute({
  method: 'DELETE',
  path: '/posts/{id}',
  permission: 'system:post:remove',
  summary: 'Removes a post; with `version`, only if it is still the one the caller read',
  description: 'A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
  params: IdParams,
  query: Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) }),
  response: Type.Object({}),
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, KernelErrors.SYSTEM_VERSION_CONFLICT_409],
  handler: async ({ params, query }, ctx) => {
    await posts(ctx).remove(params.id, query.version);
    return {};
  },
});
