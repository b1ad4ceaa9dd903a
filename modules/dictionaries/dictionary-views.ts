import type { DictionaryItemRow } from './dictionary-item.entity';
import type { DictionaryStatus, DictionaryType } from './dictionary-type.entity';

/** A dictionary as the API shows it. */
export interface TypeView {
  id: string;
  code: string;
  name: string;
  status: DictionaryStatus;
  remark: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** An item as the API shows it. */
export interface ItemView {
  id: string;
  label: string;
  value: string;
  sort: number;
  status: DictionaryStatus;
  isDefault: boolean;
  remark: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export function toTypeView(type: DictionaryType): TypeView {
  return {
    id: type.id,
    code: type.code,
    name: type.name,
    status: type.status,
    remark: type.remark ?? null,
    version: type.version,
    createdAt: type.createdAt.toISOString(),
    updatedAt: type.updatedAt.toISOString(),
  };
}

export function toItemView(item: DictionaryItemRow): ItemView {
  return {
    id: item.id,
    label: item.label,
    value: item.value,
    sort: item.sort,
    status: item.status,
    isDefault: item.isDefault,
    remark: item.remark ?? null,
    version: item.version,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
