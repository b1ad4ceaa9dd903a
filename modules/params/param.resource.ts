import { AppError, KernelErrors, Type, contains, defineResource, equals, type ModuleContext, type Row } from '@atrium/kernel';
import { declaredParams, normalKey } from './declared-params';
import { ParamErrors } from './errors';
import { ParamEntity } from './param.entity';
import { forgetParam } from './param-reader';
import { CreateParamBody, ParamSchema, UpdateParamBody } from './param.schemas';
import { parseValue } from './param-value';

const { SYSTEM_PARAM_BUILTIN_409 } = ParamErrors;

/**
 * The params. Every write drops the param's cached value on every instance once it is committed,
 * so the modules reading it see the change at their next read. Built-in params (declared by the
 * modules that read them) keep their key and name, take only values their definition accepts,
 * and are never deleted.
 */
export const params = defineResource({
  path: '/params',
  entity: ParamEntity,
  labels: { one: 'param', many: 'params' },
  permissions: 'system:config',
  schemas: { view: ParamSchema, create: CreateParamBody, update: UpdateParamBody },
  filters: {
    keyword: contains(['key', 'name'], 'Part of the key or the name'),
    builtin: equals('builtin', Type.Boolean({ description: 'Only built-in params (true) or only the others (false)' })),
  },
  sort: { key: 'key', name: 'name', createdAt: 'createdAt' },
  defaultSort: { key: 'asc' },
  unique: { params_param_key_key: { error: ParamErrors.SYSTEM_PARAM_DUPLICATED_409, field: '/body/key' } },
  defaults: { builtin: false, remark: null },
  trim: ['name'],
  hooks: {
    beforeUpdate: (row, change, { ctx }) => {
      if (row.builtin) checkBuiltinChange(ctx, row, change);
    },
    beforeDelete: (row) => {
      if (row.builtin) throw builtin('delete', '/params/id', `${row.key} is built in: it cannot be deleted`);
    },
    afterWrite: async ({ before, after }, ctx) => {
      const keys = new Set([before, after].filter((row) => row !== undefined).map((row) => normalKey(row.key as string)));
      // A module may read a key an operator adds (with a default until then), or one renamed away.
      for (const key of keys) await forgetParam(ctx, key);
    },
  },
  errors: { update: [KernelErrors.VALIDATION_FAILED_400, SYSTEM_PARAM_BUILTIN_409], delete: [SYSTEM_PARAM_BUILTIN_409] },
  docs: {
    list: {
      description:
        'Built-in params (declared by the modules that read them, `builtin: true`) and those made through the API. Filters and sort fields are listed with the parameters.',
    },
    get: { description: 'One param with its key, value, name and whether a module declared it.' },
    create: {
      summary: 'Adds a param (never a built-in one: modules declare those)',
      description: 'A key unique whatever its case (409 SYSTEM_PARAM_DUPLICATED_409). Built-in params are declared by modules, never made here.',
    },
    update: {
      description:
        'A built-in param’s value must fit its definition (type, range, pattern), else 400 naming /body/value; its key and name ' +
        'cannot change (409 SYSTEM_PARAM_BUILTIN_409). The change applies to the modules reading the param at their next read, on every instance.',
    },
    delete: {
      summary: 'Removes a param that is not built in; with `version`, only if it is still the one the caller read',
      description:
        'A built-in param steers the running system and cannot be removed (409 SYSTEM_PARAM_BUILTIN_409). A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
    },
  },
});

/**
 * A built-in keeps its key and its definition's name, and takes only values its definition
 * accepts. One whose module is not enabled has no definition to hold it to just now.
 */
function checkBuiltinChange(ctx: ModuleContext, param: Row, change: Record<string, unknown>): void {
  if (change.key !== undefined && change.key !== param.key) throw builtin('key', '/body/key', `${param.key} is built in: its key cannot change`);
  if (change.name !== undefined && change.name !== param.name) throw builtin('name', '/body/name', `${param.key} is built in: its name comes from its module`);
  const definition = declaredParams(ctx).byKey.get(normalKey(param.key as string));
  if (change.value === undefined || !definition) return;
  const fit = parseValue(definition, change.value as string);
  if (!fit.ok) {
    throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field: '/body/value', rule: fit.rule, message: `${param.key} ${fit.message}` }] });
  }
}

function builtin(rule: string, field: string, message: string): AppError {
  return new AppError(SYSTEM_PARAM_BUILTIN_409, { details: [{ field, rule, message }] });
}
