/**
 * What a template renders: an imported table's configuration, validated and complete. The
 * generator builds it (every identifier checked against its pattern); templates only read it.
 */

export const QUERY_OPERATORS = ['eq', 'like', 'gt', 'lt', 'between'] as const;
export type QueryOperator = (typeof QUERY_OPERATORS)[number];

export const TS_TYPES = ['string', 'number', 'boolean'] as const;
export type TsType = (typeof TS_TYPES)[number];

/**
 * What a column is to the generated module. `id` is the single-column primary key; `version` an
 * integer column named `version` (optimistic locking); `createdAt` / `updatedAt` timestamp
 * columns the module sets itself (`created_at`, `create_time`, `updated_at`, `update_time`);
 * every other column is a `field`.
 */
export type ColumnRole = 'id' | 'version' | 'createdAt' | 'updatedAt' | 'field';

export interface PlannedColumn {
  /** As the database names it (any text PostgreSQL allows: emit it only as a string literal). */
  columnName: string;
  /** The entity property and API field: `^[a-z][A-Za-z0-9]{0,63}$`, unique in the table. */
  property: string;
  /**
   * PostgreSQL's `udt_name`: one of int2 int4 int8 numeric float4 float8 bool varchar bpchar
   * text uuid date timestamp timestamptz (the generator refuses tables with other types in a
   * column it must write, and leaves other columns out of the entity).
   */
  dbType: string;
  nullable: boolean;
  /** The column has a default (or is an identity / serial column). */
  hasDefault: boolean;
  /**
   * The database refuses values for it (an identity GENERATED ALWAYS, a generated column): never
   * written by the module, read back after each insert and update. Such a column has a default.
   */
  readOnly: boolean;
  /** character_maximum_length for varchar / bpchar, else null. */
  length: number | null;
  /** numeric precision and scale, when declared; else null. */
  precision: number | null;
  scale: number | null;
  role: ColumnRole;
  /** The database comment, verbatim (untrusted text: escape it for wherever it goes). */
  comment: string | null;
  /** 1 to 64 characters, free text (untrusted: escape it). */
  label: string;
  tsType: TsType;
  /** In the list view and the sort whitelist. */
  list: boolean;
  /** A filter of the list route, with `queryOp`. */
  query: boolean;
  queryOp: QueryOperator;
  /** In the create and update bodies. */
  form: boolean;
  /** Required in the create body (only meaningful with `form`). */
  required: boolean;
  /** A dictionary type code the value must be an item of (`^[A-Za-z][A-Za-z0-9_.:-]{0,99}$`), or null. */
  dictCode: string | null;
}

export interface GenerationPlan {
  templateId: string;
  templateVersion: string;
  /** The table, in the database's current schema (any text: emit it only as a string literal). */
  sourceTable: string;
  /** Manifest id: `^[a-z][a-z0-9-]{0,127}$`; also the folder name. */
  moduleId: string;
  /** Human name of the module and its menu: 1 to 64 characters of free text (escape it). */
  moduleName: string;
  /** `^[A-Za-z][A-Za-z0-9]{0,127}$`: the entity name and the prefix of the exported names. */
  className: string;
  /** The routes' base path and the menu path: `^(/[a-z0-9][a-z0-9-]*){1,4}$` (at most 256). */
  resourcePath: string;
  /** The first two segments of every permission code, e.g. `library:book`. */
  permissionPrefix: string;
  /**
   * Each tenant has its own rows: the module's migration makes the table tenant-owned (its unique
   * rules per tenant), and its permissions are of scope `tenant`. Else scope `global`.
   */
  tenantOwned: boolean;
  /** Every column of the table in table order; columns of unsupported types are not here. */
  columns: PlannedColumn[];
  /**
   * The table's unique indexes and constraints other than the primary key whose columns are all
   * in `columns`: the index's name (any text: emit it only as a string literal) and its columns'
   * `columnName`s in index order. A write that breaks one answers the module's 409.
   */
  uniqueConstraints: UniqueConstraint[];
  /**
   * The table's foreign keys whose columns are all mapped, `columns` in key order: a write
   * naming a row that does not exist answers 400 on the first column's field.
   */
  foreignKeys: ForeignKey[];
  /** Other tables' foreign keys refer to this table: a delete they block answers the module's 409. */
  referenced: boolean;
}

/** A named constraint over some of the table's columns. */
export interface TableConstraint {
  name: string;
  columns: string[];
}

export type UniqueConstraint = TableConstraint;
export type ForeignKey = TableConstraint;

export interface GeneratedFile {
  /** Relative to the module folder, `/`-separated, no `..`. */
  path: string;
  content: string;
}

/** A template: a versioned renderer of a plan into a module's files. */
export interface Template {
  id: string;
  version: string;
  name: string;
  description: string;
  /**
   * What in a plan this template cannot render, one sentence each (the generator answers them
   * as validation problems before anything is written); none when it can.
   */
  problems(plan: GenerationPlan): string[];
  /** Why this template cannot use a class name (it would hide a name its code relies on), if it cannot. */
  classNameProblem(className: string): string | undefined;
  /** The module's files; throws when `problems` has any. */
  render(plan: GenerationPlan): GeneratedFile[];
}
