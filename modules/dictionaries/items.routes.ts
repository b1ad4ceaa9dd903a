import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { CodeParams, CreateItemBody, DeleteQuery, ItemFilterQuery, ItemParams, ItemSchema, UpdateItemBody } from './dictionary.schemas';
import { DictionaryErrors } from './errors';
import { ItemService } from './item.service';

/** Stateless: one per call, always on the request's EntityManager. */
const items = (ctx: ModuleContext) => new ItemService(ctx);

const { SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409 } = KernelErrors;
const { SYSTEM_DICT_DUPLICATED_409 } = DictionaryErrors;

export const listItems = defineRoute({
  method: 'GET',
  path: '/dictionaries/{code}/items',
  // Every form's drop-downs read it: any logged-in caller may, whatever their roles.
  authenticated: true,
  summary: 'A dictionary’s items, a page at a time (by default ordered by sort, then label)',
  description:
    'Needs only a login. Served from a cache that every change of the dictionary or its items invalidates on every instance. Forms ask for `status=active`.',
  params: CodeParams,
  query: ItemFilterQuery,
  list: { sort: { sort: 'sort', label: 'label', value: 'value', createdAt: 'createdAt' } },
  response: Paginated(ItemSchema),
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params, query: { keyword, status }, page }, ctx) => items(ctx).list(params.code, page, { keyword, status }),
});

export const getItem = defineRoute({
  method: 'GET',
  path: '/dictionaries/{code}/items/{id}',
  permission: 'system:dict:query',
  summary: 'One item of a dictionary',
  description: 'One item of the dictionary named in the path; an item of another dictionary is 404.',
  params: ItemParams,
  response: ItemSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => items(ctx).get(params.code, params.id),
});

export const createItem = defineRoute({
  method: 'POST',
  path: '/dictionaries/{code}/items',
  permission: 'system:dict:add',
  summary: 'Adds an item to a dictionary',
  description: 'The value is unique within the dictionary (409 SYSTEM_DICT_DUPLICATED_409). An unknown dictionary code is 404.',
  status: 201,
  params: CodeParams,
  body: CreateItemBody,
  response: ItemSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_DICT_DUPLICATED_409],
  handler: ({ params, body }, ctx) => items(ctx).create(params.code, body),
});

export const updateItem = defineRoute({
  method: 'PUT',
  path: '/dictionaries/{code}/items/{id}',
  permission: 'system:dict:edit',
  summary: 'Changes the fields sent; `version` is the one the caller read',
  description:
    'What is left out stays as it is. A value taken by another item of the dictionary is 409 SYSTEM_DICT_DUPLICATED_409; a stale `version` is 409 SYSTEM_VERSION_CONFLICT_409. Readers see the change at once.',
  params: ItemParams,
  body: UpdateItemBody,
  response: ItemSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, SYSTEM_DICT_DUPLICATED_409],
  handler: ({ params, body: { version, ...change } }, ctx) => items(ctx).update(params.code, params.id, change, version),
});

export const deleteItem = defineRoute({
  method: 'DELETE',
  path: '/dictionaries/{code}/items/{id}',
  permission: 'system:dict:remove',
  summary: 'Removes an item; with `version`, only if it is still the one the caller read',
  description: 'Removes one item; records that stored its value keep the value. A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
  params: ItemParams,
  query: DeleteQuery,
  response: Type.Object({}),
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409],
  handler: async ({ params, query }, ctx) => {
    await items(ctx).remove(params.code, params.id, query.version);
    return {};
  },
});
