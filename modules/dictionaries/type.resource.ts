import { DEFAULT_TENANT_ID, Type, contains, defineResource, equals, notFound, overriddenDefaults, ownTenantId, schemaView, type Row } from '@atrium/kernel';
import { refuseBuiltinTypeChange, refuseBuiltinTypeDelete } from './builtin-rules';
import { DictionaryTypeEntity } from './dictionary-type.entity';
import { CreateTypeBody, DictionaryStatus, TypeSchema, UpdateTypeBody } from './dictionary.schemas';
import { DictionaryErrors } from './errors';
import { ItemCache } from './item-cache';
import { trimmedTexts } from './localized';

const storedView = schemaView(TypeSchema);

/**
 * The dictionaries (types) a tenant has: the platform's (the default tenant's) and its own, each
 * code once: a tenant's own dictionary replaces the platform's of its code, items and all. A
 * tenant changes only its own (a platform dictionary's id is not found to a write). Every
 * committed change drops the cached items of the codes it touched, in every tenant for the
 * platform's.
 */
export const dictionaryTypes = defineResource({
  path: '/dictionaries',
  entity: DictionaryTypeEntity,
  labels: { one: 'dictionary', many: 'dictionaries' },
  permissions: 'system:dict',
  schemas: { view: TypeSchema, create: CreateTypeBody, update: UpdateTypeBody },
  view: (row) => ({ ...storedView(row), inherited: row.tenantId !== ownTenantId() }),
  filters: {
    keyword: contains(['code', 'name'], 'Part of the code or the name'),
    status: equals('status', DictionaryStatus),
    builtin: equals('builtin', Type.Boolean({ description: 'Only built-in dictionaries (true) or only the others (false)' })),
  },
  sort: { code: 'code', name: 'name', createdAt: 'createdAt' },
  defaultSort: { code: 'asc' },
  unique: { dictionaries_type_code_key: { error: DictionaryErrors.SYSTEM_DICT_DUPLICATED_409, field: '/body/code' } },
  defaults: { tenantId: ownTenantId, names: {}, builtin: false, status: 'active', remark: null },
  // Under `$and`, so a read by id (the kit adds `id` beside these conditions) keeps it too.
  where: (ctx) => (ownTenantId() === DEFAULT_TENANT_ID ? {} : { $and: [{ id: { $nin: overriddenDefaults(ctx.db.em(), 'dictionaries_type', 'code') } }] }),
  trim: ['name'],
  hooks: {
    beforeCreate: (fields) => trimNames(fields),
    beforeUpdate: (row, change) => {
      requireOwn(row);
      trimNames(change);
      refuseBuiltinTypeChange(row, change);
    },
    beforeDelete: (row) => {
      requireOwn(row);
      refuseBuiltinTypeDelete(row);
    },
    // A new code may be cached as unknown; a renamed or deleted one holds stale items. The items
    // go with their dictionary: the database cascades the delete.
    afterWrite: ({ before, after }, ctx) => {
      const rows = [before, after].filter((row) => row !== undefined);
      return new ItemCache(ctx).forget(rows[0].tenantId as string, ...rows.map((row) => row.code as string));
    },
  },
  errors: { update: [DictionaryErrors.SYSTEM_DICT_BUILTIN_409], delete: [DictionaryErrors.SYSTEM_DICT_BUILTIN_409] },
  docs: {
    list: {
      description:
        'Dictionary types (a code and a name): the platform’s (`inherited: true`) and the tenant’s own, each code once (the tenant’s own replaces the platform’s). Their items are under `/dictionaries/{code}/items`. Filters and sort fields are listed with the parameters.',
    },
    get: { description: 'One dictionary type by id; its items are read through `/dictionaries/{code}/items`.' },
    create: {
      description:
        'The code is what forms and modules refer to: letters, digits, `_`, `.` and `-`, unique within the tenant whatever its case (409 SYSTEM_DICT_DUPLICATED_409). A tenant sending the code of a platform dictionary makes its own, whose items replace the platform’s in the tenant.',
    },
    update: {
      description:
        'Only the tenant’s own dictionaries: a platform dictionary’s id is 404. `names` replaces the names per language as a whole. A built-in dictionary keeps its code, name and names (409 SYSTEM_DICT_BUILTIN_409); its status and remark change.',
    },
    delete: {
      summary: 'Removes a dictionary and its items; with `version`, only if it is still the one the caller read',
      description:
        'Removes the dictionary with every item it holds; a tenant’s own removed, the platform’s of its code applies again. Only the tenant’s own (a platform dictionary’s id is 404). A built-in platform dictionary is never removed (409 SYSTEM_DICT_BUILTIN_409). A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
    },
  },
});

function trimNames(fields: Record<string, unknown>): void {
  if (fields.names !== undefined) fields.names = trimmedTexts(fields.names);
}

/** A tenant changes only its own dictionaries: one of the platform's it reads is, to a write, not there. */
function requireOwn(row: Row): void {
  if (row.tenantId !== ownTenantId()) throw notFound('dictionary', row.id as string);
}
