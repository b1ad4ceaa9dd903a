import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';

export const POST_STATUSES = ['active', 'disabled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A post (job position). The table is created by migrations/0001-create-posts.ts. */
export const PostEntity = defineEntity({
  name: 'Post',
  tableName: 'posts_post',
  properties: (p) => ({
    ...resourceColumns(p),
    code: p.string().length(64),
    name: p.string().length(100),
    sort: p.integer(),
    status: p.enum([...POST_STATUSES]),
    remark: p.string().length(500).nullable(),
  }),
});

export type Post = InferEntity<typeof PostEntity>;
