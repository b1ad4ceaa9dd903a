import { Type, named, resourceViewSchema } from '@atrium/kernel';
import { POST_STATUSES } from './post.entity';

export const PostStatus = Type.Union(POST_STATUSES.map((s) => Type.Literal(s)));

export const PostSchema = resourceViewSchema('Post', {
  code: Type.String(),
  name: Type.String(),
  sort: Type.Integer(),
  status: PostStatus,
  remark: Type.Union([Type.String(), Type.Null()]),
});

/** Letters, digits, `_`, `.` and `-`; unique whatever the case. */
const Code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
/** Trimmed before it is stored. */
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const Sort = Type.Integer({ minimum: 0, maximum: 999_999 });
const Remark = Type.Union([Type.String({ maxLength: 500 }), Type.Null()]);

export const CreatePostBody = named(
  'PostCreate',
  Type.Object({
    code: Code,
    name: Name,
    sort: Type.Optional(Sort),
    status: Type.Optional(PostStatus),
    remark: Type.Optional(Remark),
  }),
);

export const UpdatePostBody = named(
  'PostUpdate',
  Type.Object({
    code: Type.Optional(Code),
    name: Type.Optional(Name),
    sort: Type.Optional(Sort),
    status: Type.Optional(PostStatus),
    remark: Type.Optional(Remark),
    version: Type.Integer({ minimum: 1, description: 'The version the caller read' }),
  }),
);
