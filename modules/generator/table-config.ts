import type { ColumnRole, ForeignKey, PlannedColumn, UniqueConstraint } from './templates/generation-plan';

/** What introspection says of a column. */
export interface ColumnFacts {
  columnName: string;
  /** PostgreSQL's `udt_name` (`int4`, `varchar`, `timestamptz`, `_text` for an array…). */
  dbType: string;
  nullable: boolean;
  /** The default expression as PostgreSQL prints it (`nextval(…)`, `now()`), or null. */
  defaultValue: string | null;
  /** An identity column: the database numbers it. */
  identity: boolean;
  /**
   * The database refuses any value for it: an identity column GENERATED ALWAYS, or a generated
   * (computed) column. It is never in a body; the module reads what the database wrote.
   */
  readOnly: boolean;
  length: number | null;
  precision: number | null;
  scale: number | null;
  primaryKey: boolean;
  comment: string | null;
}

/** What an administrator decides about a column: the settings a template reads. */
export type ColumnSettings = Pick<PlannedColumn, 'label' | 'tsType' | 'list' | 'query' | 'queryOp' | 'form' | 'required' | 'dictCode'>;

/** A column as the configuration keeps it: facts, what the generator derived, and the settings. */
export interface ConfiguredColumn extends ColumnFacts, ColumnSettings {
  /** The entity property and API field name. */
  property: string;
  role: ColumnRole;
  /** Whether the template can map the column (its type, and a name MikroORM maps safely); an unsupported column is left out. */
  supported: boolean;
}

export type { ForeignKey, UniqueConstraint } from './templates/generation-plan';

/** A foreign key of another table that refers to this one. */
export interface Reference {
  tableName: string;
  name: string;
}

/** An imported table's configuration: what `generate` makes a module from. */
export interface TableConfig {
  tableName: string;
  tableComment: string | null;
  templateId: string;
  templateVersion: string;
  moduleId: string;
  moduleName: string;
  className: string;
  resourcePath: string;
  permissionPrefix: string;
  /**
   * Each tenant has its own records: the table gets tenancy's `tenant_id` and isolation policy
   * when generated, and the permissions are of scope `tenant`. Else the records are one set, the
   * platform administrators' (scope `global`).
   */
  tenantOwned: boolean;
  columns: ConfiguredColumn[];
  uniqueConstraints: UniqueConstraint[];
  foreignKeys: ForeignKey[];
  /** The foreign keys of other tables that refer to this one. */
  referencedBy: Reference[];
}

/** The settings a configuration update may change; facts and derived fields stay. */
export type TableSettings = Pick<
  TableConfig,
  'templateId' | 'templateVersion' | 'moduleId' | 'moduleName' | 'className' | 'resourcePath' | 'permissionPrefix' | 'tenantOwned'
>;
