import { Type, named } from '@atrium/kernel';

const Permission = named(
  'ModulePermission',
  Type.Object({
    code: Type.String(),
    name: Type.String(),
    scope: Type.Union([Type.Literal('global'), Type.Literal('tenant'), Type.Literal('row')]),
    owner: Type.String(),
  }),
);

const Menu = named(
  'ModuleMenu',
  Type.Object({
    title: Type.String(),
    path: Type.String(),
    component: Type.String(),
    permission: Type.String(),
  }),
);

export const ModuleSchema = named(
  'Module',
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    version: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
    builtin: Type.Boolean(),
    dependsOn: Type.Array(Type.String()),
    dependents: Type.Array(Type.String()),
    capabilities: Type.Array(Type.String()),
    publicApis: Type.Array(Type.String()),
    spi: Type.Array(Type.String()),
    permissions: Type.Array(Permission),
    menus: Type.Array(Menu),
    menuTitles: Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), {
      description: "Its menus' titles in other languages, as its code declares them: by language (`en`, `zh`), then menu path.",
    }),
    migrations: Type.Array(Type.String()),
    generation: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
  }),
);

export const ModuleDetailSchema = named(
  'ModuleDetail',
  Type.Composite([
    ModuleSchema,
    Type.Object({ migrationsApplied: Type.Array(Type.String(), { description: 'Names of the migrations recorded as applied.' }) }),
  ]),
);

export const ModuleIdParams = Type.Object({ id: Type.String({ pattern: '^[a-z][a-z0-9-]{0,127}$' }) });

export const PermissionEntrySchema = named('PermissionEntry', Type.Composite([Permission, Type.Object({ moduleId: Type.String() })]));

export const ErrorCodeSchema = named(
  'ErrorCode',
  Type.Object({
    code: Type.String(),
    status: Type.Integer(),
    owner: Type.String(),
    messages: Type.Object({ en: Type.String(), zh: Type.String() }),
  }),
);
