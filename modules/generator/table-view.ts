import { isIntegerKey } from './column-types';
import type { GeneratorTable } from './generator-table.entity';
import type { TableConfig } from './table-config';

/** An imported table in a list: its configuration's names, without the columns. */
type Constraints = 'columns' | 'uniqueConstraints' | 'foreignKeys' | 'referencedBy';

export type TableSummaryView = Omit<TableConfig, Constraints> & {
  id: string;
  generatedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
};

export type TableView = TableSummaryView & Pick<TableConfig, Constraints>;

/** The configuration a stored row holds. */
export function configOf(row: GeneratorTable): TableConfig {
  return {
    tableName: row.tableName,
    tableComment: row.tableComment ?? null,
    templateId: row.templateId,
    templateVersion: row.templateVersion,
    moduleId: row.moduleId,
    moduleName: row.moduleName,
    className: row.className,
    resourcePath: row.resourcePath,
    permissionPrefix: row.permissionPrefix,
    tenantOwned: row.tenantOwned,
    // Configurations stored before `readOnly` was read from the catalog lack it, and before integer
    // keys were strings may give one the tsType `number`, which no template uses.
    columns: row.columns.map((c) => ({ ...c, readOnly: c.readOnly === true, tsType: isIntegerKey(c) ? 'string' : c.tsType })),
    uniqueConstraints: row.uniqueConstraints,
    foreignKeys: row.foreignKeys,
    referencedBy: row.referencedBy,
  };
}

export function toView(row: GeneratorTable): TableView {
  return {
    id: row.id,
    ...configOf(row),
    generatedAt: row.generatedAt ? row.generatedAt.toISOString() : null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSummaryView(row: GeneratorTable): TableSummaryView {
  const { columns: _columns, uniqueConstraints: _unique, foreignKeys: _keys, referencedBy: _references, ...summary } = toView(row);
  return summary;
}
