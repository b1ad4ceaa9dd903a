import type { Status } from '../../status';

/** The codes the dictionaries API checks (modules/dictionaries/README.md), for dictionaries and their items alike. */
export const DICT_PERMISSIONS = {
  add: 'system:dict:add',
  edit: 'system:dict:edit',
  remove: 'system:dict:remove',
} as const;

/** A text per language; one left out shows the stored label (or name). */
export type Labels = { en?: string; zh?: string };

/** A dictionary as the list answers it; `inherited`: the platform's, read in a tenant that cannot change it. */
export interface Dictionary {
  id: string;
  code: string;
  name: string;
  /** The name per language (a built-in's, from its module). */
  names: Labels;
  /** Declared by a module: not deleted, code and name fixed. */
  builtin: boolean;
  status: Status;
  remark: string | null;
  inherited: boolean;
  version: number;
}

/** An item of a dictionary. */
export interface DictionaryItem {
  id: string;
  /** As stored: what the form edits. */
  label: string;
  labels: Labels;
  /** In the console's language: what the list shows. */
  displayLabel: string;
  value: string;
  sort: number;
  status: Status;
  isDefault: boolean;
  remark: string | null;
  version: number;
}

/** The collection of a dictionary's items: the data provider's resource name. */
export function itemsOf(dictionary: Pick<Dictionary, 'code'>): string {
  return `dictionaries/${encodeURIComponent(dictionary.code)}/items`;
}
