import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { checkVersion, escapeLike, flushChanges, notFound, type ModuleContext, type Page, type PageRequest } from '@atrium/kernel';
import { DictionaryItemEntity, type DictionaryItemRow } from './dictionary-item.entity';
import { DictionaryTypeEntity, type DictionaryStatus, type DictionaryType } from './dictionary-type.entity';
import { toItemView, type ItemView } from './dictionary-views';
import { DictionaryErrors } from './errors';
import { ItemCache } from './item-cache';

export interface ItemFilters {
  keyword?: string;
  status?: DictionaryStatus;
}

export interface ItemInput {
  label: string;
  value: string;
  sort?: number;
  status?: DictionaryStatus;
  isDefault?: boolean;
  remark?: string | null;
}

/** What an update may change; an absent field keeps its value. */
export type ItemChange = Partial<ItemInput>;

const UNIQUE = { dictionaries_item_value_key: { error: DictionaryErrors.SYSTEM_DICT_DUPLICATED_409, field: '/body/value' } };

/**
 * A dictionary's items. The list is served from the item cache (every logged-in caller's forms
 * read it); writes go to the database and then drop the dictionary's cached items everywhere.
 */
export class ItemService {
  private readonly cache: ItemCache;

  constructor(private readonly ctx: ModuleContext) {
    this.cache = new ItemCache(ctx);
  }

  async list(code: string, page: PageRequest, { keyword, status }: ItemFilters): Promise<Page<ItemView>> {
    const dictionary = await this.cache.read(code);
    if (!dictionary) throw unknownCode(code);
    const needle = keyword?.toLowerCase();
    const matching = dictionary.items.filter(
      (item) => (!status || item.status === status) && (!needle || item.label.toLowerCase().includes(needle) || item.value.toLowerCase().includes(needle)),
    );
    // Without a sort the cached order stands: by sort, then label.
    return page.slice(matching);
  }

  async get(code: string, id: string): Promise<ItemView> {
    const em = this.ctx.db.em();
    return toItemView(await loadItem(em, await loadType(em, code), id));
  }

  async create(code: string, input: ItemInput): Promise<ItemView> {
    const em = this.ctx.db.em();
    const type = await loadType(em, code);
    const item = em.create(DictionaryItemEntity, {
      typeId: type.id,
      label: input.label.trim(),
      value: input.value,
      sort: input.sort ?? 0,
      status: input.status ?? 'active',
      isDefault: input.isDefault ?? false,
      remark: input.remark ?? null,
    });
    try {
      await flushChanges(em, UNIQUE);
    } catch (error) {
      // The dictionary was deleted between our read and our write.
      if (error instanceof ForeignKeyConstraintViolationException) throw unknownCode(code);
      throw error;
    }
    await this.cache.forget(type.code);
    return toItemView(item);
  }

  async update(code: string, id: string, change: ItemChange, version: number): Promise<ItemView> {
    const em = this.ctx.db.em();
    const type = await loadType(em, code);
    const item = await loadItem(em, type, id);
    checkVersion(item.version, version);
    if (change.label !== undefined) item.label = change.label.trim();
    if (change.value !== undefined) item.value = change.value;
    if (change.sort !== undefined) item.sort = change.sort;
    if (change.status !== undefined) item.status = change.status;
    if (change.isDefault !== undefined) item.isDefault = change.isDefault;
    if (change.remark !== undefined) item.remark = change.remark;
    await flushChanges(em, UNIQUE);
    await this.cache.forget(type.code);
    return toItemView(item);
  }

  async remove(code: string, id: string, version?: number): Promise<void> {
    const em = this.ctx.db.em();
    const type = await loadType(em, code);
    const item = await loadItem(em, type, id);
    checkVersion(item.version, version, '/query/version');
    em.remove(item);
    await flushChanges(em);
    await this.cache.forget(type.code);
  }
}

async function loadType(em: EntityManager, code: string): Promise<DictionaryType> {
  const type = await em.findOne(DictionaryTypeEntity, { code: { $ilike: escapeLike(code) } });
  if (!type) throw unknownCode(code);
  return type;
}

/** The item, when it belongs to `type`: an item of another dictionary is not found here. */
async function loadItem(em: EntityManager, type: DictionaryType, id: string): Promise<DictionaryItemRow> {
  const item = await em.findOne(DictionaryItemEntity, { id, typeId: type.id });
  if (!item) throw notFound('item', id);
  return item;
}

function unknownCode(code: string) {
  return notFound('dictionary', code, '/params/code');
}
