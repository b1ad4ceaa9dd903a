import { escapeLike, schemaView, type ModuleContext, type Row, type Static } from '@atrium/kernel';
import { DictionaryItemEntity } from './dictionary-item.entity';
import { DictionaryTypeEntity, type DictionaryStatus } from './dictionary-type.entity';
import { ItemSchema } from './dictionary.schemas';

/** An item as the API shows it. */
export type ItemView = Static<typeof ItemSchema>;
const toItemView = schemaView(ItemSchema) as (item: Row) => ItemView;

/** A dictionary as the cache holds it: every item, whatever its status, in display order. */
export interface CachedDictionary {
  readonly id: string;
  readonly code: string;
  readonly status: DictionaryStatus;
  readonly items: readonly Readonly<ItemView>[];
}

/**
 * How long a dictionary is kept when no invalidation arrives: every change invalidates it on
 * every instance at once, so this only bounds the damage of a notice that was lost.
 */
const CACHE_TTL_MS = 10 * 60 * 1000;

const cacheKey = (code: string) => `items:${code.toLowerCase()}`;

/**
 * A dictionary's items per code, in the kernel cache (per instance; invalidations travel through
 * Redis when REDIS_URL is set). An unknown code is cached too, as null: creating it invalidates it.
 */
export class ItemCache {
  constructor(private readonly ctx: ModuleContext) {}

  read(code: string): Promise<CachedDictionary | null> {
    return this.ctx.cache.getOrLoad(cacheKey(code), () => this.load(code), CACHE_TTL_MS);
  }

  /** Drops the dictionaries named (a change committed) here and on every other instance. */
  async forget(...codes: string[]): Promise<void> {
    for (const code of new Set(codes.map((c) => c.toLowerCase()))) await this.ctx.cache.invalidate(cacheKey(code));
  }

  private async load(code: string): Promise<CachedDictionary | null> {
    const em = this.ctx.db.em();
    const type = await em.findOne(DictionaryTypeEntity, { code: { $ilike: escapeLike(code) } }, { disableIdentityMap: true });
    if (!type) return null;
    const items = await em.find(DictionaryItemEntity, { typeId: type.id }, { orderBy: { sort: 'asc', label: 'asc', id: 'asc' }, disableIdentityMap: true });
    // Frozen: every caller on the instance shares these objects.
    return Object.freeze({ id: type.id, code: type.code, status: type.status, items: Object.freeze(items.map((item) => Object.freeze(toItemView(item)))) });
  }
}
