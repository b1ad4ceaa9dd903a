import { AppError, KernelErrors, notFound, type EntityManager, type ErrorDetail, type ModuleContext } from '@atrium/kernel';
import { DictionariesApi } from '@atrium/module/dictionaries';
import { configProblems, ownerOutside } from './config-rules';
import { toGenerationPlan } from './generation-plan-builder';
import type { GenerationPlan, Template } from './templates/generation-plan';
import { findTemplate } from './templates/registry';
import { GeneratorErrors } from './errors';
import { GeneratorTableEntity, type GeneratorTable } from './generator-table.entity';
import { introspectTable, type IntrospectedTable } from './introspection';
import { manifestProblems } from './manifest-rules';
import type { ColumnFacts, TableConfig } from './table-config';

/**
 * What both halves of the generator (configurations and generation) need: the stored row, the
 * table as the catalog has it now, and the checks that decide whether a configuration can make a
 * module.
 */
export class TableAccess {
  constructor(private readonly ctx: ModuleContext) {}

  em(): EntityManager {
    return this.ctx.db.em();
  }

  async load(id: string): Promise<GeneratorTable> {
    const row = await this.em().findOne(GeneratorTableEntity, { id });
    if (!row) throw notFound('imported table', id);
    return row;
  }

  /**
   * The table as it is now, if the generator may use it: it exists in the current schema and no
   * module owns it — but the module `moduleId` (the one generated from it) may. A refusal names
   * `field`: the body's table name on import, the configuration's id afterwards.
   */
  async readTable(tableName: string, { moduleId, field }: { moduleId?: string; field: string }): Promise<IntrospectedTable> {
    const owner = this.ctx.kernel.names.tableOwner(tableName);
    const table = owner === null || owner === moduleId ? await introspectTable(this.em(), tableName) : null;
    if (table) return table;
    // A module generated from this table under another id still owns it: a conflict, which names it.
    if (owner !== null && this.ctx.kernel.modules.get(owner)?.generation?.sourceTable === tableName) {
      const message = `module "${owner}", generated from "${tableName}" before, owns it: set the module id back to "${owner}", or remove that module's folder and restart`;
      throw new AppError(GeneratorErrors.GENERATOR_TABLE_OWNED_409, { details: [{ field, message }] });
    }
    throw new AppError(GeneratorErrors.GENERATOR_TABLE_NOT_FOUND_404, { details: [{ field, message: `no table "${tableName}" the generator may use` }] });
  }

  /**
   * The entity of a running module keeps its class name until a restart: the ORM maps a table to
   * one class, so a module generated again under a new name would map the table twice.
   */
  refuseRenamedClass(config: TableConfig): void {
    const running = this.ctx.kernel.names
      .entities()
      .find((e) => e.moduleId === config.moduleId && e.table === config.tableName && e.entity !== config.className);
    if (!running) return;
    const message =
      `module "${config.moduleId}" is running with class "${running.entity}" for "${config.tableName}": set the class name back to "${running.entity}", ` +
      `or remove the folder ${config.moduleId} of the generated modules and restart, then generate`;
    throw new AppError(GeneratorErrors.GENERATOR_CLASS_NAME_CHANGED_409, { details: [{ field: '/body/className', message }] });
  }

  /** A running module of the configuration's id must be the one generated from its table. */
  refuseForeignModule(config: TableConfig): void {
    const running = this.ctx.kernel.modules.get(config.moduleId);
    if (running && running.generation?.sourceTable !== config.tableName) {
      throw new AppError(GeneratorErrors.GENERATOR_MODULE_EXISTS_409, {
        details: [{ field: '/body/moduleId', message: `module "${config.moduleId}" is running and was not generated from "${config.tableName}"` }],
      });
    }
  }

  /**
   * The template and the plan a configuration makes; refuses with VALIDATION_FAILED_400 and every
   * problem when it cannot make a module.
   */
  async check(
    config: TableConfig,
    columnPointer: (columnName: string) => string = () => '/body/columns',
  ): Promise<{ template: Template; plan: GenerationPlan }> {
    const otherEntityNames = new Set(
      this.ctx.kernel.names
        .entities()
        .filter((e) => e.moduleId !== config.moduleId)
        .map((e) => e.entity),
    );
    const problems: ErrorDetail[] = [
      ...manifestProblems(config, this.ctx.kernel.catalog.manifestSchemaText()),
      ...configProblems(config, { otherEntityNames, columnPointer, ownerOf: ownerOutside(this.ctx.kernel, config) }),
      ...(await this.dictionaryProblems(config, columnPointer)),
    ];
    // The template's own rules, on a configuration that meets the generator's.
    const template = findTemplate(config.templateId, config.templateVersion);
    const plan = toGenerationPlan(config);
    if (problems.length === 0 && template) {
      problems.push(...template.problems(plan).map((message) => ({ field: '/body', rule: 'template', message })));
    }
    if (problems.length > 0 || !template) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: problems });
    return { template, plan };
  }

  private async dictionaryProblems(config: TableConfig, columnPointer: (columnName: string) => string): Promise<ErrorDetail[]> {
    const dictionaries = this.ctx.use(DictionariesApi);
    const problems: ErrorDetail[] = [];
    for (const column of config.columns) {
      if (column.dictCode === null || (await dictionaries.items(column.dictCode)).length > 0) continue;
      problems.push({
        field: `${columnPointer(column.columnName)}/dictCode`,
        rule: 'dictionary',
        message: `dictionary "${column.dictCode}" does not exist, is disabled or has no active items`,
      });
    }
    return problems;
  }
}

/** The facts a generated module depends on; a comment may change without changing the module. */
export function sameFacts(stored: readonly ColumnFacts[], current: readonly ColumnFacts[]): boolean {
  const key = (c: ColumnFacts) =>
    JSON.stringify([c.columnName, c.dbType, c.nullable, c.defaultValue, c.identity, c.readOnly === true, c.length, c.precision, c.scale, c.primaryKey]);
  return stored.length === current.length && stored.every((c, i) => key(c) === key(current[i]));
}
