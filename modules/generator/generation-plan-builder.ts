import type { GenerationPlan } from './templates/generation-plan';
import type { TableConfig } from './table-config';

/** A checked configuration as a template reads it: only the columns the module maps. */
export function toGenerationPlan(config: TableConfig): GenerationPlan {
  // The facts a template has no use for become one: whether the database fills the column.
  const columns = config.columns
    .filter((c) => c.supported)
    .map(({ defaultValue, identity, readOnly, primaryKey: _key, supported: _supported, ...planned }) => ({
      ...planned,
      hasDefault: defaultValue !== null || identity,
      readOnly: readOnly === true,
    }));
  const mapped = new Set(columns.map((c) => c.columnName));
  return {
    templateId: config.templateId,
    templateVersion: config.templateVersion,
    sourceTable: config.tableName,
    moduleId: config.moduleId,
    moduleName: config.moduleName,
    className: config.className,
    resourcePath: config.resourcePath,
    permissionPrefix: config.permissionPrefix,
    tenantOwned: config.tenantOwned,
    columns,
    uniqueConstraints: config.uniqueConstraints.filter((u) => u.columns.every((name) => mapped.has(name))),
    foreignKeys: config.foreignKeys.filter((k) => k.columns.every((name) => mapped.has(name))),
    referenced: config.referencedBy.length > 0,
  };
}
