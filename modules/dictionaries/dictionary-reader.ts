import type { ModuleContext } from '@atrium/kernel';
import type { Dictionaries, DictionaryItem } from './api';
import { ItemCache } from './item-cache';

/** `dictionaries.Dictionaries`: answers from the item cache, never from a query per call. */
export class DictionaryReader implements Dictionaries {
  private readonly cache: ItemCache;

  constructor(ctx: ModuleContext) {
    this.cache = new ItemCache(ctx);
  }

  async items(code: string): Promise<DictionaryItem[]> {
    const dictionary = await this.cache.read(code);
    if (!dictionary || dictionary.status !== 'active') return [];
    return dictionary.items.filter((item) => item.status === 'active').map(({ value, label, sort, isDefault }) => ({ value, label, sort, isDefault }));
  }

  async label(code: string, value: string): Promise<string | null> {
    const dictionary = await this.cache.read(code);
    return dictionary?.items.find((item) => item.value === value)?.label ?? null;
  }
}
