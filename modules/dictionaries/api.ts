/** The dictionaries module's public contract. */
import { publicApi } from '@atrium/kernel';

/** An item as a form or another module uses it. */
export interface DictionaryItem {
  value: string;
  label: string;
  sort: number;
  isDefault: boolean;
}

export interface Dictionaries {
  /**
   * The active items of the dictionary `code` (whatever its case) in the current tenant (its
   * own, else the platform's; work in no tenant reads the platform's), ordered by `sort`, then
   * label; none when the dictionary is unknown or disabled. Served from a cache, per code and
   * tenant, that every change of the dictionary or its items invalidates on every instance.
   */
  items(code: string): Promise<DictionaryItem[]>;
  /**
   * The label of `value` in the dictionary `code`, whatever the item's status (a stored value
   * keeps its label after its item is retired); null when there is no such item.
   */
  label(code: string, value: string): Promise<string | null>;
}

export const DictionariesApi = publicApi<Dictionaries>('dictionaries.Dictionaries');
