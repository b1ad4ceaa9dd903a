import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';
import { DICTIONARY_STATUSES } from './dictionary-type.entity';

/** One value of a dictionary, with its label. Created by migrations/0001-create-dictionaries.ts. */
export const DictionaryItemEntity = defineEntity({
  name: 'DictionaryItem',
  tableName: 'dictionaries_item',
  properties: (p) => ({
    ...resourceColumns(p),
    // Its dictionary's tenant (migrations/0003-tenant-overridable.ts).
    tenantId: p.uuid(),
    // A plain column: items are always reached through their type's id, never as a relation.
    typeId: p.uuid(),
    label: p.string().length(100),
    value: p.string().length(100),
    sort: p.integer(),
    status: p.enum([...DICTIONARY_STATUSES]),
    isDefault: p.boolean(),
    remark: p.string().length(500).nullable(),
  }),
});

export type DictionaryItemRow = InferEntity<typeof DictionaryItemEntity>;
