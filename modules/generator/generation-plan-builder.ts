import type { GenerationPlan } from './templates/generation-plan';
import type { TableConfig } from './table-config';

/** A checked configuration as a template reads it: only the columns the module maps. */
export function toGenerationPlan(config: TableConfig): GenerationPlan {
  const columns = config.columns
    .filter((c) => c.supported)
    .map((c) => ({
      columnName: c.columnName,
      property: c.property,
      dbType: c.dbType,
      nullable: c.nullable,
      hasDefault: c.defaultValue !== null || c.identity,
      length: c.length,
      precision: c.precision,
      scale: c.scale,
      role: c.role,
      comment: c.comment,
      label: c.label,
      tsType: c.tsType,
      list: c.list,
      query: c.query,
      queryOp: c.queryOp,
      form: c.form,
      required: c.required,
      dictCode: c.dictCode,
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
    columns,
    uniqueConstraints: config.uniqueConstraints.filter((u) => u.columns.every((name) => mapped.has(name))),
    foreignKeys: config.foreignKeys.filter((k) => k.columns.every((name) => mapped.has(name))),
    referenced: config.referencedBy.length > 0,
  };
}
