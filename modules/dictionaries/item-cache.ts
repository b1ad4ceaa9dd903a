import { DEFAULT_TENANT_ID, ownTenantId, runInTenant, schemaView, type ModuleContext, type Row, type Static } from '@atrium/kernel';
import { DictionaryItemEntity } from './dictionary-item.entity';
import type { DictionaryStatus } from './dictionary-type.entity';
import { effectiveType } from './effective-type';
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

/** The tenant comes last, so a platform dictionary's change drops every tenant's copy by one prefix. */
const codePrefix = (code: string) => `items:${code.toLowerCase()}:`;

/**
 * A dictionary's items per code and tenant (the tenant's own dictionary, else the platform's),
 * in the kernel cache (per instance; invalidations travel through Redis when REDIS_URL is set).
 * An unknown code is cached too, as null: creating it invalidates it.
 */
export class ItemCache {
  constructor(private readonly ctx: ModuleContext) {}

  read(code: string): Promise<CachedDictionary | null> {
    const tenantId = ownTenantId();
    // In its tenant explicitly: work in no tenant (a timer) reads the platform's dictionaries, not nothing.
    return this.ctx.cache.getOrLoad(codePrefix(code) + tenantId, () => runInTenant(tenantId, () => this.load(code)), CACHE_TTL_MS);
  }

  /**
   * Drops the dictionaries named (a change committed) of the tenant that changed them, here and
   * on every other instance; every tenant's, when the platform's changed.
   */
  async forget(tenantId: string, ...codes: string[]): Promise<void> {
    for (const prefix of new Set(codes.map(codePrefix))) {
      await (tenantId === DEFAULT_TENANT_ID ? this.ctx.cache.invalidatePrefix(prefix) : this.ctx.cache.invalidate(prefix + tenantId));
    }
  }

  private async load(code: string): Promise<CachedDictionary | null> {
    const em = this.ctx.db.em();
    const type = await effectiveType(em, code);
    if (!type) return null;
    const items = await em.find(DictionaryItemEntity, { typeId: type.id }, { orderBy: { sort: 'asc', label: 'asc', id: 'asc' }, disableIdentityMap: true });
    // Frozen: every caller on the instance shares these objects.
    return Object.freeze({ id: type.id, code: type.code, status: type.status, items: Object.freeze(items.map((item) => Object.freeze(toItemView(item)))) });
  }
}
