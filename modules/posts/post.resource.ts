import { contains, defineResource, equals } from '@atrium/kernel';
import { PostErrors } from './errors';
import { PostEntity } from './post.entity';
import { CreatePostBody, PostSchema, PostStatus, UpdatePostBody } from './post.schemas';

/** Posts (job positions) users hold: everything about them but the directory other modules ask. */
export const posts = defineResource({
  path: '/posts',
  entity: PostEntity,
  labels: { one: 'post', many: 'posts' },
  permissions: 'system:post',
  schemas: { view: PostSchema, create: CreatePostBody, update: UpdatePostBody },
  filters: { keyword: contains(['code', 'name'], 'Part of the code or the name'), status: equals('status', PostStatus) },
  sort: { code: 'code', name: 'name', sort: 'sort', createdAt: 'createdAt' },
  defaultSort: { sort: 'asc', code: 'asc' },
  unique: { posts_post_code_key: { error: PostErrors.SYSTEM_POST_DUPLICATED_409, field: '/body/code' } },
  defaults: { sort: 0, status: 'active', remark: null },
  trim: ['name'],
  export: {
    columns: [
      { field: 'code', title: { en: 'Code', zh: '岗位编码' } },
      { field: 'name', title: { en: 'Name', zh: '岗位名称' } },
      { field: 'sort', title: { en: 'Order', zh: '显示顺序' } },
      { field: 'status', title: { en: 'Status', zh: '状态' }, dictionary: 'sys_normal_disable' },
      { field: 'remark', title: { en: 'Remark', zh: '备注' } },
      { field: 'createdAt', title: { en: 'Created at', zh: '创建时间' } },
    ],
  },
  docs: {
    list: { description: 'Posts (job positions) users hold. Filters and sort fields are listed with the parameters.' },
    get: { description: 'One post with its code, name, order, status and remark.' },
    create: { description: 'The code is unique whatever its case (409 SYSTEM_POST_DUPLICATED_409).' },
  },
});
