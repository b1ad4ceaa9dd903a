import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { CreateTypeBody, DeleteQuery, IdParams, TypeFilterQuery, TypeSchema, UpdateTypeBody } from './dictionary.schemas';
import { DictionaryErrors } from './errors';
import { TypeService } from './type.service';

/** Stateless: one per call, always on the request's EntityManager. */
const types = (ctx: ModuleContext) => new TypeService(ctx);

const { SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409 } = KernelErrors;
const { SYSTEM_DICT_DUPLICATED_409 } = DictionaryErrors;

export const listTypes = defineRoute({
  method: 'GET',
  path: '/dictionaries',
  permission: 'system:dict:list',
  summary: 'Dictionaries, a page at a time',
  description:
    'Dictionary types (a code and a name); their items are under `/dictionaries/{code}/items`. Filters and sort fields are listed with the parameters.',
  query: TypeFilterQuery,
  list: { sort: { code: 'code', name: 'name', createdAt: 'createdAt' } },
  response: Paginated(TypeSchema),
  handler: ({ query: { keyword, status }, page }, ctx) => types(ctx).list(page, { keyword, status }),
});

export const getType = defineRoute({
  method: 'GET',
  path: '/dictionaries/{id}',
  permission: 'system:dict:query',
  summary: 'One dictionary',
  description: 'One dictionary type by id; its items are read through `/dictionaries/{code}/items`.',
  params: IdParams,
  response: TypeSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => types(ctx).get(params.id),
});

export const createType = defineRoute({
  method: 'POST',
  path: '/dictionaries',
  permission: 'system:dict:add',
  summary: 'Adds a dictionary',
  description: 'The code is what forms and modules refer to: letters, digits, `_`, `.` and `-`, unique whatever its case (409 SYSTEM_DICT_DUPLICATED_409).',
  status: 201,
  body: CreateTypeBody,
  response: TypeSchema,
  errors: [SYSTEM_DICT_DUPLICATED_409],
  handler: ({ body }, ctx) => types(ctx).create(body),
});

export const updateType = defineRoute({
  method: 'PUT',
  path: '/dictionaries/{id}',
  permission: 'system:dict:edit',
  summary: 'Changes the fields sent; `version` is the one the caller read',
  description:
    'What is left out stays as it is. A code taken by another dictionary is 409 SYSTEM_DICT_DUPLICATED_409; a stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
  params: IdParams,
  body: UpdateTypeBody,
  response: TypeSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, SYSTEM_DICT_DUPLICATED_409],
  handler: ({ params, body: { version, ...change } }, ctx) => types(ctx).update(params.id, change, version),
});

export const deleteType = defineRoute({
  method: 'DELETE',
  path: '/dictionaries/{id}',
  permission: 'system:dict:remove',
  summary: 'Removes a dictionary and its items; with `version`, only if it is still the one the caller read',
  description: 'Removes the dictionary with every item it holds. A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
  params: IdParams,
  query: DeleteQuery,
  response: Type.Object({}),
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409],
  handler: async ({ params, query }, ctx) => {
    await types(ctx).remove(params.id, query.version);
    return {};
  },
});
