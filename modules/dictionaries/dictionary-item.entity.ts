import { defineEntity, newId, type InferEntity } from '@atrium/kernel';
import { DICTIONARY_STATUSES } from './dictionary-type.entity';

/** One value of a dictionary, with its label. Created by migrations/0001-create-dictionaries.ts. */
export const DictionaryItemEntity = defineEntity({
  name: 'DictionaryItem',
  tableName: 'dictionaries_item',
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    // A plain column: items are always reached through their type's id, never as a relation.
    typeId: p.uuid(),
    label: p.string().length(100),
    value: p.string().length(100),
    sort: p.integer(),
    status: p.enum([...DICTIONARY_STATUSES]),
    isDefault: p.boolean(),
    remark: p.string().length(500).nullable(),
    version: p.integer().version(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate((row) => row.createdAt ?? new Date())
      .onUpdate(() => new Date()),
  }),
});

export type DictionaryItemRow = InferEntity<typeof DictionaryItemEntity>;
