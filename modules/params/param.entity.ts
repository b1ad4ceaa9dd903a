import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';

/** A param. The table is created by migrations/0001-create-params.ts. */
export const ParamEntity = defineEntity({
  name: 'Param',
  tableName: 'params_param',
  properties: (p) => ({
    ...resourceColumns(p),
    // The default tenant's params are the platform's defaults (migrations/0003-tenant-overridable.ts).
    tenantId: p.uuid(),
    key: p.string().length(100),
    // Always a string: a built-in's definition says how to read it.
    value: p.string().length(2000),
    name: p.string().length(100),
    // Declared by a module through `params.builtin`: never deleted, key and name fixed.
    builtin: p.boolean(),
    remark: p.string().length(500).nullable(),
  }),
});

export type Param = InferEntity<typeof ParamEntity>;
