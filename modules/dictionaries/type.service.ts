import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { checkVersion, escapeLike, flushChanges, notFound, type ModuleContext, type Page, type PageRequest } from '@atrium/kernel';
import { DictionaryTypeEntity, type DictionaryStatus, type DictionaryType } from './dictionary-type.entity';
import { toTypeView, type TypeView } from './dictionary-views';
import { DictionaryErrors } from './errors';
import { ItemCache } from './item-cache';

export interface TypeFilters {
  keyword?: string;
  status?: DictionaryStatus;
}

export interface TypeInput {
  code: string;
  name: string;
  status?: DictionaryStatus;
  remark?: string | null;
}

/** What an update may change; an absent field keeps its value. */
export type TypeChange = Partial<TypeInput>;

const UNIQUE = { dictionaries_type_code_key: { error: DictionaryErrors.SYSTEM_DICT_DUPLICATED_409, field: '/body/code' } };

/** The dictionaries (types). Every committed change drops the cached items of the codes it touched. */
export class TypeService {
  private readonly cache: ItemCache;

  constructor(private readonly ctx: ModuleContext) {
    this.cache = new ItemCache(ctx);
  }

  async list(page: PageRequest, { keyword, status }: TypeFilters): Promise<Page<TypeView>> {
    const pattern = keyword ? `%${escapeLike(keyword)}%` : undefined;
    const where: FilterQuery<DictionaryType> = {
      ...(pattern ? { $or: [{ code: { $ilike: pattern } }, { name: { $ilike: pattern } }] } : {}),
      ...(status ? { status } : {}),
    };
    const orderBy = { ...page.orderBy({ code: 'asc' }), id: 'asc' } as const;
    const [rows, total] = await this.ctx.db.em().findAndCount(DictionaryTypeEntity, where, { orderBy, limit: page.limit, offset: page.offset });
    return page.result(rows.map(toTypeView), total);
  }

  async get(id: string): Promise<TypeView> {
    return toTypeView(await load(this.ctx.db.em(), id));
  }

  async create(input: TypeInput): Promise<TypeView> {
    const em = this.ctx.db.em();
    const type = em.create(DictionaryTypeEntity, { code: input.code, name: input.name.trim(), status: input.status ?? 'active', remark: input.remark ?? null });
    await flushChanges(em, UNIQUE);
    // The code may be cached as unknown.
    await this.cache.forget(type.code);
    return toTypeView(type);
  }

  async update(id: string, change: TypeChange, version: number): Promise<TypeView> {
    const em = this.ctx.db.em();
    const type = await load(em, id);
    checkVersion(type.version, version);
    const formerCode = type.code;
    if (change.code !== undefined) type.code = change.code;
    if (change.name !== undefined) type.name = change.name.trim();
    if (change.status !== undefined) type.status = change.status;
    if (change.remark !== undefined) type.remark = change.remark;
    await flushChanges(em, UNIQUE);
    await this.cache.forget(formerCode, type.code);
    return toTypeView(type);
  }

  /** Removes the dictionary and, with it, its items (the database cascades). */
  async remove(id: string, version?: number): Promise<void> {
    const em = this.ctx.db.em();
    const type = await load(em, id);
    checkVersion(type.version, version, '/query/version');
    em.remove(type);
    await flushChanges(em);
    await this.cache.forget(type.code);
  }
}

async function load(em: EntityManager, id: string): Promise<DictionaryType> {
  const type = await em.findOne(DictionaryTypeEntity, { id });
  if (!type) throw notFound('dictionary', id);
  return type;
}
