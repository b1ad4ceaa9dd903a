import type { ForeignKey, GenerationPlan, PlannedColumn, UniqueConstraint } from '../generation-plan';
import { columnType, type ColumnType } from './column-types';
import { filtersOf, type Filter } from './filters';
import { namesOf, type Names } from './naming';

/** A column with what its type makes of it. */
export interface Column extends PlannedColumn {
  type: ColumnType;
}

/** A field a create or an update sends. */
export interface BodyField {
  column: Column;
  /** Required in a create (an update's fields are all optional). */
  required: boolean;
}

/** What a plan means to the crud template: everything the files are written from. */
export interface CrudModel {
  plan: GenerationPlan;
  names: Names;
  /** Every column, in table order: the entity's properties and the view's fields. */
  columns: Column[];
  id: Column;
  /** The id is made by the module (a UUID v7) or the database (serial, identity): a create does not send it. */
  idGenerated: boolean;
  version?: Column;
  createdAt?: Column;
  /** What a create sends: the id unless it is generated, then the form fields. */
  createFields: BodyField[];
  /** What an update may change: the form fields. */
  updateFields: Column[];
  /** Form fields whose values must be items of a dictionary. */
  dictionaryFields: Column[];
  filters: Filter<Column>[];
  /** The sort whitelist: the `list` columns. */
  sortable: Column[];
  unique: UniqueConstraint[];
  /** A write can take a value another record holds (a unique index, or an id the caller chose). */
  conflicts: boolean;
  /** The table's foreign keys: a write naming a missing row is a 400 on the field. */
  references: ForeignKey[];
  /** Other tables refer to this one: a delete they block is the module's in-use conflict. */
  inUse: boolean;
  /** The module has errors of its own (errors.ts exists). */
  ownErrors: boolean;
  /**
   * The caller chooses the key, and no unique constraint of the plan is the primary key: a create
   * looks for a record with the key first, so a taken one is the module's 409 too.
   */
  checksTakenKey: boolean;
  /** The columns the list's indexes cover (`migrations/`), by the kind of index. */
  indexes: { btree: string[]; trigram: string[] };
  files: { entity: string; schemas: string; resource: string };
}

export function crudModel(plan: GenerationPlan): CrudModel {
  const names = namesOf(plan);
  const columns = plan.columns.map((c) => ({ ...c, type: columnType(c) }));
  const id = columns.find((c) => c.role === 'id')!;
  // However the API carries the key (an int8 as a string, too), the database numbers it when it has a default.
  const idGenerated = id.dbType === 'uuid' || (id.type.integerKey && id.hasDefault);
  const formFields = columns.filter((c) => c.role === 'field' && c.form);
  return {
    plan,
    names,
    columns,
    id,
    idGenerated,
    version: columns.find((c) => c.role === 'version'),
    createdAt: columns.find((c) => c.role === 'createdAt'),
    createFields: [
      ...(idGenerated ? [] : [{ column: id, required: true }]),
      // A column the database cannot fill must be sent, whatever the plan says.
      ...formFields.map((column) => ({ column, required: column.required || (!column.nullable && !column.hasDefault) })),
    ],
    updateFields: formFields,
    dictionaryFields: formFields.filter((c) => c.dictCode !== null),
    filters: filtersOf(columns),
    sortable: columns.filter((c) => c.list),
    unique: plan.uniqueConstraints,
    conflicts: plan.uniqueConstraints.length > 0 || !idGenerated,
    references: plan.foreignKeys,
    inUse: plan.referenced,
    ownErrors: plan.uniqueConstraints.length > 0 || !idGenerated || plan.referenced,
    checksTakenKey: !idGenerated && !plan.uniqueConstraints.some((u) => u.columns.length === 1 && u.columns[0] === id.columnName),
    indexes: listIndexes(plan, columns),
    files: {
      entity: `${names.base}.entity.ts`,
      schemas: `${names.base}.schemas.ts`,
      resource: `${names.base}.resource.ts`,
    },
  };
}

/**
 * A btree index for each column a sort or an equality or range filter reads, a trigram index for
 * each a contains filter searches; none where the key or a unique index already leads with it.
 */
function listIndexes(plan: GenerationPlan, columns: readonly Column[]): CrudModel['indexes'] {
  const led = new Set([...plan.uniqueConstraints.map((u) => u.columns[0]), columns.find((c) => c.role === 'id')!.columnName]);
  const contains = filtersOf(columns)
    .filter((f) => f.operator === '$ilike')
    .map((f) => f.column.columnName);
  const read = [
    ...columns.filter((c) => c.list),
    ...filtersOf(columns)
      .filter((f) => f.operator !== '$ilike')
      .map((f) => f.column),
  ];
  const btree = columns.filter((c) => read.includes(c) && !led.has(c.columnName)).map((c) => c.columnName);
  return { btree, trigram: columns.filter((c) => contains.includes(c.columnName)).map((c) => c.columnName) };
}
