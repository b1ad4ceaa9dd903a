/** The dictionaries module's public contract. */
import { publicApi, spi, type Language } from '@atrium/kernel';

/** The languages a label may be given in: those of the API's messages. */
export { LANGUAGES, type Language } from '@atrium/kernel';

/** A text per language; a language left out falls back to the stored `label` (or `name`). */
export type Labels = { readonly [L in Language]?: string };

/** An item as a form or another module uses it. */
export interface DictionaryItem {
  value: string;
  /** In the language asked for (its `labels` entry), else the stored label. */
  label: string;
  sort: number;
  isDefault: boolean;
}

export interface Dictionaries {
  /**
   * The active items of the dictionary `code` (whatever its case) in the current tenant (its
   * own, else the platform's; work in no tenant reads the platform's), ordered by `sort`, then
   * label; none when the dictionary is unknown or disabled. Labels are in `language` where the
   * item has one, else the stored label (also when no language is asked for). Served from a
   * cache, per code and tenant, that every change of the dictionary or its items invalidates on
   * every instance.
   */
  items(code: string, language?: Language): Promise<DictionaryItem[]>;
  /**
   * The label of `value` in the dictionary `code`, whatever the item's status (a stored value
   * keeps its label after its item is retired), in `language` as `items` has it; null when there
   * is no such item.
   */
  label(code: string, value: string, language?: Language): Promise<string | null>;
}

export const DictionariesApi = publicApi<Dictionaries>('dictionaries.Dictionaries');

/** One item of a built-in dictionary, as the module that stores its values declares it. */
export interface BuiltinItem {
  /** The value the module stores (`active`), exactly. */
  readonly value: string;
  /** Its label in every language: English is also the stored `label`. */
  readonly labels: { readonly en: string; readonly zh: string };
  /** Display order; by default the item's place in the declaration. */
  readonly sort?: number;
  /** The value a form proposes for a new record. */
  readonly isDefault?: boolean;
}

/**
 * A built-in dictionary: the code list of values a module stores (a user's status). Created as a
 * platform dictionary at start, its code and names kept as declared; its items are created when
 * missing and then left to the operators (labels, order, status), never overwritten or deleted.
 */
export interface BuiltinDictionary {
  /** Letters, digits and `_`, starting with a letter (`sys_user_status`). */
  readonly code: string;
  readonly name: { readonly en: string; readonly zh: string };
  readonly items: readonly BuiltinItem[];
}

/** Declares a built-in dictionary. Pure: the dictionaries module checks it when it syncs. */
export function defineDictionary(dictionary: BuiltinDictionary): BuiltinDictionary {
  return Object.freeze({ ...dictionary, items: Object.freeze(dictionary.items.map((item) => Object.freeze({ ...item }))) });
}

/** What a module contributes to `dictionaries.builtin`: the code lists of the values it stores. */
export interface BuiltinDictionaries {
  dictionaries: readonly BuiltinDictionary[];
}

export const BuiltinDictionariesSpi = spi<BuiltinDictionaries>('dictionaries.builtin');
