import type { ModuleContext } from '@atrium/kernel';
import type { Dictionaries, DictionaryItem, Language } from './api';
import { ItemCache } from './item-cache';
import { inLanguage } from './localized';

/** `dictionaries.Dictionaries`: answers from the item cache, never from a query per call. */
export class DictionaryReader implements Dictionaries {
  private readonly cache: ItemCache;

  constructor(ctx: ModuleContext) {
    this.cache = new ItemCache(ctx);
  }

  async items(code: string, language?: Language): Promise<DictionaryItem[]> {
    const dictionary = await this.cache.read(code);
    if (!dictionary || dictionary.status !== 'active') return [];
    return dictionary.items
      .filter((item) => item.status === 'active')
      .map(({ value, label, labels, sort, isDefault }) => ({ value, label: inLanguage(labels, label, language), sort, isDefault }));
  }

  async label(code: string, value: string, language?: Language): Promise<string | null> {
    const dictionary = await this.cache.read(code);
    const item = dictionary?.items.find((candidate) => candidate.value === value);
    return item ? inLanguage(item.labels, item.label, language) : null;
  }

  /**
   * value → label in `language` of every item, whatever its status (a stored value keeps its
   * label after its item is retired); empty for an unknown dictionary. The `kernel.value-labels`
   * source (index.ts contributes this reader).
   */
  async labelsOf(code: string, language: Language): Promise<ReadonlyMap<string, string>> {
    const dictionary = await this.cache.read(code);
    return new Map((dictionary?.items ?? []).map((item) => [item.value, inLanguage(item.labels, item.label, language)]));
  }
}
