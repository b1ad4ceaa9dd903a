import { Type, named } from '@atrium/kernel';
import { QUERY_OPERATORS, TS_TYPES } from './templates/generation-plan';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const TsType = Type.Union(TS_TYPES.map((t) => Type.Literal(t)));
const QueryOp = Type.Union(QUERY_OPERATORS.map((o) => Type.Literal(o)));
const Role = Type.Union(['id', 'version', 'createdAt', 'updatedAt', 'field'].map((r) => Type.Literal(r)));

export const TemplateSchema = named(
  'GeneratorTemplate',
  Type.Object({
    id: Type.String(),
    version: Type.String(),
    name: Type.String(),
    description: Type.String(),
  }),
);

export const AvailableTableSchema = named(
  'AvailableTable',
  Type.Object({
    tableName: Type.String(),
    comment: Nullable(Type.String()),
  }),
);

const ColumnSettings = {
  label: Type.String({ minLength: 1, maxLength: 64, description: 'Shown in forms, lists and the API catalog' }),
  tsType: TsType,
  list: Type.Boolean({ description: 'In the list, and a sort field' }),
  query: Type.Boolean({ description: 'A filter of the list, by queryOp' }),
  queryOp: QueryOp,
  form: Type.Boolean({ description: 'Sent on create and update' }),
  required: Type.Boolean({ description: 'Required on create' }),
  dictCode: Nullable(Type.String({ minLength: 1, maxLength: 100, description: 'The dictionary whose item values the column holds' })),
};

export const ColumnSchema = named(
  'GeneratorColumn',
  Type.Object({
    columnName: Type.String(),
    dbType: Type.String(),
    nullable: Type.Boolean(),
    defaultValue: Nullable(Type.String()),
    identity: Type.Boolean(),
    readOnly: Type.Boolean({ description: 'The database refuses values for it (GENERATED ALWAYS): never in a body' }),
    length: Nullable(Type.Integer()),
    precision: Nullable(Type.Integer()),
    scale: Nullable(Type.Integer()),
    primaryKey: Type.Boolean(),
    comment: Nullable(Type.String()),
    property: Type.String(),
    role: Role,
    supported: Type.Boolean(),
    ...ColumnSettings,
  }),
);

const TableFields = {
  id: Type.String({ format: 'uuid' }),
  tableName: Type.String(),
  tableComment: Nullable(Type.String()),
  templateId: Type.String(),
  templateVersion: Type.String(),
  moduleId: Type.String(),
  moduleName: Type.String(),
  className: Type.String(),
  resourcePath: Type.String(),
  permissionPrefix: Type.String(),
  tenantOwned: Type.Boolean({
    description: "Each tenant has its own records (the table is tenant-owned, the permissions of scope tenant); else one set, the platform's",
  }),
  generatedAt: Nullable(Type.String({ format: 'date-time' })),
  version: Type.Integer({ minimum: 1 }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};

const Constraint = Type.Object({ name: Type.String(), columns: Type.Array(Type.String()) });

export const TableSummarySchema = named('GeneratorTableSummary', Type.Object(TableFields));

export const TableSchema = named(
  'GeneratorTable',
  Type.Object({
    ...TableFields,
    columns: Type.Array(ColumnSchema),
    uniqueConstraints: Type.Array(Constraint),
    foreignKeys: Type.Array(Constraint, { description: "The table's foreign keys: a write naming a missing row is a 400 on the field" }),
    referencedBy: Type.Array(Type.Object({ tableName: Type.String(), name: Type.String() }), {
      description: "Foreign keys of other tables that refer to this one: a delete they block is the module's 409",
    }),
  }),
);

export const ImportTableBody = named(
  'GeneratorTableImport',
  Type.Object({
    tableName: Type.String({ minLength: 1, maxLength: 128, description: 'A table of GET /generator/tables/available' }),
  }),
);

/** The manifest's own rules are applied to these in manifest-rules.ts, with their messages. */
export const UpdateTableBody = named(
  'GeneratorTableUpdate',
  Type.Object({
    templateId: Type.Optional(Type.String({ maxLength: 64 })),
    templateVersion: Type.Optional(Type.String({ maxLength: 64 })),
    moduleId: Type.Optional(Type.String({ maxLength: 128 })),
    moduleName: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    className: Type.Optional(Type.String({ maxLength: 128 })),
    resourcePath: Type.Optional(Type.String({ maxLength: 256 })),
    permissionPrefix: Type.Optional(Type.String({ maxLength: 190 })),
    tenantOwned: Type.Optional(Type.Boolean()),
    columns: Type.Optional(
      Type.Array(
        Type.Object({
          columnName: Type.String({ description: 'Which column: its settings sent here replace the stored ones' }),
          label: Type.Optional(ColumnSettings.label),
          tsType: Type.Optional(ColumnSettings.tsType),
          list: Type.Optional(ColumnSettings.list),
          query: Type.Optional(ColumnSettings.query),
          queryOp: Type.Optional(ColumnSettings.queryOp),
          form: Type.Optional(ColumnSettings.form),
          required: Type.Optional(ColumnSettings.required),
          dictCode: Type.Optional(ColumnSettings.dictCode),
        }),
        { maxItems: 1600 },
      ),
    ),
    version: Type.Integer({ minimum: 1, description: 'The version the caller read' }),
  }),
);

export const PreviewSchema = named(
  'GeneratorPreview',
  Type.Object({
    files: Type.Array(Type.Object({ path: Type.String(), content: Type.String() })),
  }),
);

export const GeneratedSchema = named(
  'GeneratedModule',
  Type.Object({
    moduleId: Type.String(),
    replaced: Type.Boolean({ description: 'An earlier generation of the module was replaced in place' }),
    files: Type.Array(Type.String(), { description: 'The paths written, relative to the module folder' }),
    table: TableSchema,
  }),
);

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const KeywordQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 128, description: 'Part of the table name' })),
});
