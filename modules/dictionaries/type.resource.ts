import { contains, defineResource, equals } from '@atrium/kernel';
import { DictionaryTypeEntity } from './dictionary-type.entity';
import { CreateTypeBody, DictionaryStatus, TypeSchema, UpdateTypeBody } from './dictionary.schemas';
import { DictionaryErrors } from './errors';
import { ItemCache } from './item-cache';

/** The dictionaries (types). Every committed change drops the cached items of the codes it touched. */
export const dictionaryTypes = defineResource({
  path: '/dictionaries',
  entity: DictionaryTypeEntity,
  labels: { one: 'dictionary', many: 'dictionaries' },
  permissions: 'system:dict',
  schemas: { view: TypeSchema, create: CreateTypeBody, update: UpdateTypeBody },
  filters: { keyword: contains(['code', 'name'], 'Part of the code or the name'), status: equals('status', DictionaryStatus) },
  sort: { code: 'code', name: 'name', createdAt: 'createdAt' },
  defaultSort: { code: 'asc' },
  unique: { dictionaries_type_code_key: { error: DictionaryErrors.SYSTEM_DICT_DUPLICATED_409, field: '/body/code' } },
  defaults: { status: 'active', remark: null },
  trim: ['name'],
  hooks: {
    // A new code may be cached as unknown; a renamed or deleted one holds stale items. The items
    // go with their dictionary: the database cascades the delete.
    afterWrite: ({ before, after }, ctx) => new ItemCache(ctx).forget(...[before, after].filter((row) => row !== undefined).map((row) => row.code as string)),
  },
  docs: {
    list: {
      description:
        'Dictionary types (a code and a name); their items are under `/dictionaries/{code}/items`. Filters and sort fields are listed with the parameters.',
    },
    get: { description: 'One dictionary type by id; its items are read through `/dictionaries/{code}/items`.' },
    create: {
      description: 'The code is what forms and modules refer to: letters, digits, `_`, `.` and `-`, unique whatever its case (409 SYSTEM_DICT_DUPLICATED_409).',
    },
    delete: {
      summary: 'Removes a dictionary and its items; with `version`, only if it is still the one the caller read',
      description: 'Removes the dictionary with every item it holds. A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
    },
  },
});
