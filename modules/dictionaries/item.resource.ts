import { defineResource, notFound, ownTenantId, type ModuleContext, type Row } from '@atrium/kernel';
import { refuseDeclaredValueChange, refuseDeclaredValueDelete } from './builtin-rules';
import { DictionaryItemEntity } from './dictionary-item.entity';
import { DictionaryTypeEntity } from './dictionary-type.entity';
import { CodeParam, CreateItemBody, ItemSchema, UpdateItemBody } from './dictionary.schemas';
import { effectiveType } from './effective-type';
import { DictionaryErrors } from './errors';
import { ItemCache } from './item-cache';
import { trimmedTexts } from './localized';

/**
 * A dictionary's items, under `/dictionaries/{code}/items`: the items of the dictionary the code
 * names in the tenant (its own, else the platform's); an item of another dictionary is not found.
 * Items belong to their dictionary's tenant: a tenant adds, changes and removes items of its own
 * dictionaries only (the platform's answer 404 to a write; the database's key refuses an item
 * under another tenant's dictionary). Their list is read from the item cache (items.routes.ts);
 * every committed write drops the dictionary's cached items on every instance.
 */
export const dictionaryItems = defineResource({
  path: '/dictionaries/{code}/items',
  entity: DictionaryItemEntity,
  labels: { one: 'item', many: 'items' },
  permissions: 'system:dict',
  schemas: { view: ItemSchema, create: CreateItemBody, update: UpdateItemBody },
  within: {
    param: 'code',
    schema: CodeParam,
    resolve: async (code, em) => {
      const type = await effectiveType(em, code);
      return type ? { typeId: type.id } : null;
    },
    missing: unknownDictionary,
  },
  omit: ['list'],
  sort: { sort: 'sort', label: 'label', value: 'value', createdAt: 'createdAt' },
  defaultSort: { sort: 'asc', label: 'asc' },
  unique: { dictionaries_item_value_key: { error: DictionaryErrors.SYSTEM_DICT_DUPLICATED_409, field: '/body/value' } },
  defaults: { tenantId: ownTenantId, labels: {}, sort: 0, status: 'active', isDefault: false, remark: null },
  trim: ['label'],
  hooks: {
    beforeCreate: async (fields, { em }) => {
      trimLabels(fields);
      const type = await em.findOne(DictionaryTypeEntity, { id: fields.typeId as string }, { disableIdentityMap: true });
      if (type && type.tenantId !== ownTenantId()) throw unknownDictionary(type.code);
    },
    beforeUpdate: async (row, change, { em, ctx }) => {
      requireOwn(row);
      trimLabels(change);
      await refuseDeclaredValueChange(row, change, em, ctx);
    },
    beforeDelete: async (row, { em, ctx }) => {
      requireOwn(row);
      await refuseDeclaredValueDelete(row, em, ctx);
    },
    afterWrite: ({ before, after }, ctx) => forgetDictionaryOf((after ?? before)!, ctx),
  },
  errors: { update: [DictionaryErrors.SYSTEM_DICT_BUILTIN_409], delete: [DictionaryErrors.SYSTEM_DICT_BUILTIN_409] },
  docs: {
    get: { summary: 'One item of a dictionary', description: 'One item of the dictionary named in the path; an item of another dictionary is 404.' },
    create: {
      summary: 'Adds an item to a dictionary',
      description:
        'The value is unique within the dictionary (409 SYSTEM_DICT_DUPLICATED_409). An unknown dictionary code is 404, and so is a platform dictionary to a tenant (make the dictionary its own first).',
    },
    update: {
      description:
        'What is left out stays as it is; `labels` replaces the labels per language as a whole. A value taken by another item of the dictionary is 409 SYSTEM_DICT_DUPLICATED_409; in a built-in dictionary, a value its module stores keeps it (409 SYSTEM_DICT_BUILTIN_409); a stale `version` is 409 SYSTEM_VERSION_CONFLICT_409; an item of a platform dictionary is 404 to a tenant. Readers see the change at once.',
    },
    delete: {
      summary: 'Removes an item; with `version`, only if it is still the one the caller read',
      description:
        'Removes one item; records that stored its value keep the value. An item of a platform dictionary is 404 to a tenant. In a built-in dictionary, an item holding a value its module stores is disabled, not removed (409 SYSTEM_DICT_BUILTIN_409). A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
    },
  },
});

function trimLabels(fields: Record<string, unknown>): void {
  if (fields.labels !== undefined) fields.labels = trimmedTexts(fields.labels);
}

/** A tenant changes only its own dictionaries' items: one of the platform's it reads is, to a write, not there. */
function requireOwn(row: Row): void {
  if (row.tenantId !== ownTenantId()) throw notFound('item', row.id as string);
}

async function forgetDictionaryOf(item: Row, ctx: ModuleContext): Promise<void> {
  const type = await ctx.db.em().findOne(DictionaryTypeEntity, { id: item.typeId as string }, { fields: ['code'], disableIdentityMap: true });
  if (type) await new ItemCache(ctx).forget(item.tenantId as string, type.code);
}

/** The 404 of a path naming a dictionary code that does not exist. */
export function unknownDictionary(code: string) {
  return notFound('dictionary', code, '/params/code');
}
