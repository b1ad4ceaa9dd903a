import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';
import type { Labels } from './api';

export const DICTIONARY_STATUSES = ['active', 'disabled'] as const;
export type DictionaryStatus = (typeof DICTIONARY_STATUSES)[number];

/** A dictionary (its type): a code and a name. Created by migrations/0001-create-dictionaries.ts. */
export const DictionaryTypeEntity = defineEntity({
  name: 'DictionaryType',
  tableName: 'dictionaries_type',
  properties: (p) => ({
    ...resourceColumns(p),
    // The default tenant's dictionaries are the platform's (migrations/0003-tenant-overridable.ts).
    tenantId: p.uuid(),
    code: p.string().length(100),
    name: p.string().length(100),
    // The name per language (migrations/0005-languages-and-builtins.ts).
    names: p.json<Labels>(),
    // Declared by a module through `dictionaries.builtin` (builtin-sync.ts): never deleted, code and names fixed.
    builtin: p.boolean(),
    status: p.enum([...DICTIONARY_STATUSES]),
    remark: p.string().length(500).nullable(),
  }),
});

export type DictionaryType = InferEntity<typeof DictionaryTypeEntity>;
