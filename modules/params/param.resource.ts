import {
  AppError,
  DEFAULT_TENANT_ID,
  KernelErrors,
  Type,
  contains,
  defineResource,
  equals,
  notFound,
  overriddenDefaults,
  ownTenantId,
  schemaView,
  type ModuleContext,
  type Row,
} from '@atrium/kernel';
import type { ParamDefinition } from './api';
import { declaredParams, normalKey } from './declared-params';
import { ParamErrors } from './errors';
import { ParamEntity } from './param.entity';
import { forgetParam } from './param-reader';
import { CreateParamBody, ParamSchema, UpdateParamBody } from './param.schemas';
import { parseValue } from './param-value';

const { SYSTEM_PARAM_BUILTIN_409, SYSTEM_PARAM_PLATFORM_ONLY_403 } = ParamErrors;
const storedView = schemaView(ParamSchema);

/**
 * The params a tenant has: the platform's defaults (the default tenant's params) and its own,
 * each key once, its own winning. Every write drops the param's cached value on every instance
 * once it is committed (in every tenant, for a default), so modules reading it see the change at
 * their next read. A tenant writes only its own params: a default's id in an update or a delete
 * is not found, as another tenant's is. Built-in params (declared by the modules that read them)
 * keep their key and name and take only values their definition accepts; the platform's are
 * never deleted, a tenant's override of one is, and the default applies again.
 */
export const params = defineResource({
  path: '/params',
  entity: ParamEntity,
  labels: { one: 'param', many: 'params' },
  permissions: 'system:config',
  schemas: { view: ParamSchema, create: CreateParamBody, update: UpdateParamBody },
  view: (row) => ({ ...storedView(row), inherited: row.tenantId !== ownTenantId() }),
  filters: {
    keyword: contains(['key', 'name'], 'Part of the key or the name'),
    builtin: equals('builtin', Type.Boolean({ description: 'Only built-in params (true) or only the others (false)' })),
  },
  sort: { key: 'key', name: 'name', createdAt: 'createdAt' },
  defaultSort: { key: 'asc' },
  unique: { params_param_key_key: { error: ParamErrors.SYSTEM_PARAM_DUPLICATED_409, field: '/body/key' } },
  defaults: { tenantId: ownTenantId, builtin: false, remark: null },
  // Under `$and`, so a read by id (the kit adds `id` beside these conditions) keeps it too.
  where: (ctx) => (ownTenantId() === DEFAULT_TENANT_ID ? {} : { $and: [{ id: { $nin: overriddenDefaults(ctx.db.em(), 'params_param', 'key') } }] }),
  trim: ['name'],
  hooks: {
    beforeCreate: (fields, { ctx }) => adoptDeclared(ctx, fields, fields),
    beforeUpdate: (row, change, { ctx }) => {
      requireOwn(row);
      if (row.builtin) checkBuiltinChange(ctx, row, change);
      else if (change.key !== undefined) adoptDeclared(ctx, change, { ...row, ...change });
    },
    beforeDelete: (row) => {
      requireOwn(row);
      if (row.builtin && row.tenantId === DEFAULT_TENANT_ID) throw builtin('delete', '/params/id', `${row.key} is built in: it cannot be deleted`);
    },
    afterWrite: async ({ before, after }, ctx) => {
      const rows = [before, after].filter((row) => row !== undefined);
      // A module may read a key an operator adds (with a default until then), or one renamed away.
      for (const key of new Set(rows.map((row) => normalKey(row.key as string)))) await forgetParam(ctx, key, rows[0].tenantId as string);
    },
  },
  errors: {
    create: [KernelErrors.VALIDATION_FAILED_400, SYSTEM_PARAM_PLATFORM_ONLY_403],
    update: [KernelErrors.VALIDATION_FAILED_400, SYSTEM_PARAM_PLATFORM_ONLY_403, SYSTEM_PARAM_BUILTIN_409],
    delete: [SYSTEM_PARAM_BUILTIN_409],
  },
  docs: {
    list: {
      description:
        'Each key once: the tenant’s own param, else the platform’s default (`inherited: true`). Built-in params (declared by the modules that read them, `builtin: true`) and those made through the API. Filters and sort fields are listed with the parameters.',
    },
    get: { description: 'One param with its key, value, name, whether a module declared it and whether it is the platform’s default (`inherited`).' },
    create: {
      summary: 'Adds a param, or overrides a platform default for the tenant',
      description:
        'A key unique within the tenant whatever its case (409 SYSTEM_PARAM_DUPLICATED_409). A tenant sending the key of a platform default makes its own value, which applies in the tenant instead. ' +
        'A key a module declares makes an override of the built-in: built in too, its name the module’s, its value held to the definition (else 400 naming /body/value). ' +
        'Only a built-in its module lets tenants set (`perTenant`): another is the platform’s alone (403 SYSTEM_PARAM_PLATFORM_ONLY_403).',
    },
    update: {
      description:
        'Only the tenant’s own params: a platform default’s id is 404 (override it with a create). A built-in param’s value must fit its definition (type, range, pattern), else 400 naming /body/value; its key and name ' +
        'cannot change (409 SYSTEM_PARAM_BUILTIN_409). The change applies to the modules reading the param at their next read, on every instance.',
    },
    delete: {
      summary: 'Removes a param of the tenant’s; with `version`, only if it is still the one the caller read',
      description:
        'Only the tenant’s own params (a platform default’s id is 404). Removing an override makes the platform’s default apply again. A platform’s built-in param steers the running system and cannot be removed ' +
        '(409 SYSTEM_PARAM_BUILTIN_409). A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
    },
  },
});

/** A tenant writes only its own params: a default it reads is, to a write, not there. */
function requireOwn(row: Row): void {
  if (row.tenantId !== ownTenantId()) throw notFound('param', row.id as string);
}

/**
 * A param given a key that a module declares (a tenant's override of a built-in, or a key a
 * module came to declare) is built in: its name is the module's and its value must fit.
 */
function adoptDeclared(ctx: ModuleContext, fields: Record<string, unknown>, result: Record<string, unknown>): void {
  const definition = declaredParams(ctx).byKey.get(normalKey(result.key as string));
  if (!definition) return;
  if (!definition.perTenant && ownTenantId() !== DEFAULT_TENANT_ID) {
    throw new AppError(SYSTEM_PARAM_PLATFORM_ONLY_403, {
      details: [{ field: '/body/key', rule: 'platformOnly', message: `${definition.key} is the platform's: every tenant reads its value` }],
    });
  }
  checkValue(definition, result.key as string, result.value as string);
  Object.assign(fields, { builtin: true, name: definition.name });
}

/**
 * A built-in keeps its key and its definition's name, and takes only values its definition
 * accepts. One whose module is not enabled has no definition to hold it to just now.
 */
function checkBuiltinChange(ctx: ModuleContext, param: Row, change: Record<string, unknown>): void {
  if (change.key !== undefined && change.key !== param.key) throw builtin('key', '/body/key', `${param.key} is built in: its key cannot change`);
  if (change.name !== undefined && change.name !== param.name) throw builtin('name', '/body/name', `${param.key} is built in: its name comes from its module`);
  const definition = declaredParams(ctx).byKey.get(normalKey(param.key as string));
  if (change.value !== undefined && definition) checkValue(definition, param.key as string, change.value as string);
}

function checkValue(definition: ParamDefinition<unknown>, key: string, value: string): void {
  const fit = parseValue(definition, value);
  if (!fit.ok)
    throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field: '/body/value', rule: fit.rule, message: `${key} ${fit.message}` }] });
}

function builtin(rule: string, field: string, message: string): AppError {
  return new AppError(SYSTEM_PARAM_BUILTIN_409, { details: [{ field, rule, message }] });
}
