import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { ParamErrors } from './errors';
import { CreateParamBody, DeleteQuery, IdParams, KeyParams, ParamFilterQuery, ParamSchema, UpdateParamBody } from './param.schemas';
import { ParamService } from './param.service';

/** Stateless: one per call, always on the request's EntityManager. */
const params = (ctx: ModuleContext) => new ParamService(ctx);

const { SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, VALIDATION_FAILED_400 } = KernelErrors;
const { SYSTEM_PARAM_DUPLICATED_409, SYSTEM_PARAM_BUILTIN_409 } = ParamErrors;

export const listParams = defineRoute({
  method: 'GET',
  path: '/params',
  permission: 'system:config:list',
  summary: 'Params, a page at a time',
  description:
    'Built-in params (declared by the modules that read them, `builtin: true`) and those made through the API. Filters and sort fields are listed with the parameters.',
  query: ParamFilterQuery,
  list: { sort: { key: 'key', name: 'name', createdAt: 'createdAt' } },
  response: Paginated(ParamSchema),
  handler: ({ query: { keyword, builtin }, page }, ctx) => params(ctx).list(page, { keyword, builtin }),
});

export const getParamByKey = defineRoute({
  method: 'GET',
  path: '/params/by-key/{key}',
  permission: 'system:config:query',
  summary: 'The param with a key (whatever its case)',
  description: 'The param whose key matches whatever its case, as modules read it; 404 when there is none.',
  params: KeyParams,
  response: ParamSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params: { key } }, ctx) => params(ctx).byKey(key),
});

export const getParam = defineRoute({
  method: 'GET',
  path: '/params/{id}',
  permission: 'system:config:query',
  summary: 'One param',
  description: 'One param with its key, value, name and whether a module declared it.',
  params: IdParams,
  response: ParamSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params: { id } }, ctx) => params(ctx).get(id),
});

export const createParam = defineRoute({
  method: 'POST',
  path: '/params',
  permission: 'system:config:add',
  summary: 'Adds a param (never a built-in one: modules declare those)',
  description: 'A key unique whatever its case (409 SYSTEM_PARAM_DUPLICATED_409). Built-in params are declared by modules, never made here.',
  status: 201,
  body: CreateParamBody,
  response: ParamSchema,
  errors: [SYSTEM_PARAM_DUPLICATED_409],
  handler: ({ body }, ctx) => params(ctx).create(body),
});

export const updateParam = defineRoute({
  method: 'PUT',
  path: '/params/{id}',
  permission: 'system:config:edit',
  summary: 'Changes the fields sent; `version` is the one the caller read',
  description:
    'A built-in param’s value must fit its definition (type, range, pattern), else 400 naming /body/value; its key and name ' +
    'cannot change (409 SYSTEM_PARAM_BUILTIN_409). The change applies to the modules reading the param at their next read, on every instance.',
  params: IdParams,
  body: UpdateParamBody,
  response: ParamSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, VALIDATION_FAILED_400, SYSTEM_PARAM_DUPLICATED_409, SYSTEM_PARAM_BUILTIN_409],
  handler: ({ params: { id }, body: { version, ...change } }, ctx) => params(ctx).update(id, change, version),
});

export const deleteParam = defineRoute({
  method: 'DELETE',
  path: '/params/{id}',
  permission: 'system:config:remove',
  summary: 'Removes a param that is not built in; with `version`, only if it is still the one the caller read',
  description:
    'A built-in param steers the running system and cannot be removed (409 SYSTEM_PARAM_BUILTIN_409). A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
  params: IdParams,
  query: DeleteQuery,
  response: Type.Object({}),
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, SYSTEM_PARAM_BUILTIN_409],
  handler: async ({ params: { id }, query }, ctx) => {
    await params(ctx).remove(id, query.version);
    return {};
  },
});
