import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';
import type { Labels } from './api';
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
    // The label stored as written: shown in a language `labels` has no label in (migrations/0005).
    label: p.string().length(100),
    labels: p.json<Labels>(),
    value: p.string().length(100),
    sort: p.integer(),
    status: p.enum([...DICTIONARY_STATUSES]),
    isDefault: p.boolean(),
    remark: p.string().length(500).nullable(),
  }),
});

export type DictionaryItemRow = InferEntity<typeof DictionaryItemEntity>;
