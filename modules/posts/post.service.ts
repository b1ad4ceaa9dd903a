import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { checkVersion, escapeLike, flushChanges, notFound, type DbCapability, type Page, type PageRequest } from '@atrium/kernel';
import { PostErrors } from './errors';
import { PostEntity, type Post, type PostStatus } from './post.entity';

/** A post as the API shows it. */
export interface PostView {
  id: string;
  code: string;
  name: string;
  sort: number;
  status: PostStatus;
  remark: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface PostFilters {
  keyword?: string;
  status?: PostStatus;
}

export interface PostInput {
  code: string;
  name: string;
  sort?: number;
  status?: PostStatus;
  remark?: string | null;
}

/** What an update may change; an absent field keeps its value. */
export type PostChange = Partial<PostInput>;

const UNIQUE = { posts_post_code_key: { error: PostErrors.SYSTEM_POST_DUPLICATED_409, field: '/body/code' } };

/** The posts. Handlers call it and return what it returns; every failure it throws is catalogued. */
export class PostService {
  constructor(private readonly db: DbCapability) {}

  async list(page: PageRequest, { keyword, status }: PostFilters): Promise<Page<PostView>> {
    const pattern = keyword ? `%${escapeLike(keyword)}%` : undefined;
    const where: FilterQuery<Post> = {
      ...(pattern ? { $or: [{ code: { $ilike: pattern } }, { name: { $ilike: pattern } }] } : {}),
      ...(status ? { status } : {}),
    };
    const orderBy = { ...page.orderBy({ sort: 'asc', code: 'asc' }), id: 'asc' } as const;
    const [rows, total] = await this.db.em().findAndCount(PostEntity, where, { orderBy, limit: page.limit, offset: page.offset });
    return page.result(rows.map(toView), total);
  }

  async get(id: string): Promise<PostView> {
    return toView(await load(this.db.em(), id));
  }

  async create(input: PostInput): Promise<PostView> {
    const em = this.db.em();
    const post = em.create(PostEntity, {
      code: input.code,
      name: input.name.trim(),
      sort: input.sort ?? 0,
      status: input.status ?? 'active',
      remark: input.remark ?? null,
    });
    await flushChanges(em, UNIQUE);
    return toView(post);
  }

  async update(id: string, change: PostChange, version: number): Promise<PostView> {
    const em = this.db.em();
    const post = await load(em, id);
    checkVersion(post.version, version);
    if (change.code !== undefined) post.code = change.code;
    if (change.name !== undefined) post.name = change.name.trim();
    if (change.sort !== undefined) post.sort = change.sort;
    if (change.status !== undefined) post.status = change.status;
    if (change.remark !== undefined) post.remark = change.remark;
    await flushChanges(em, UNIQUE);
    return toView(post);
  }

  async remove(id: string, version?: number): Promise<void> {
    const em = this.db.em();
    const post = await load(em, id);
    checkVersion(post.version, version, '/query/version');
    em.remove(post);
    await flushChanges(em);
  }
}

async function load(em: EntityManager, id: string): Promise<Post> {
  const post = await em.findOne(PostEntity, { id });
  if (!post) throw notFound('post', id);
  return post;
}

function toView(post: Post): PostView {
  return {
    id: post.id,
    code: post.code,
    name: post.name,
    sort: post.sort,
    status: post.status,
    remark: post.remark ?? null,
    version: post.version,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}
