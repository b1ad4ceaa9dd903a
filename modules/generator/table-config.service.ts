import {
  AppError,
  KernelErrors,
  checkVersion,
  escapeLike,
  flushChanges,
  recordChange,
  type FilterQuery,
  type ModuleContext,
  type Page,
  type PageRequest,
} from '@atrium/kernel';
import { isMappable, isSupportedType, mustBeSent } from './column-types';
import { unmappableNameReason } from './templates/mapped-names';
import { GeneratorErrors } from './errors';
import { GeneratorTableEntity, type GeneratorTable } from './generator-table.entity';
import { listTables, type IntrospectedTable } from './introspection';
import { proposeConfig } from './proposal';
import { TableAccess } from './table-access';
import type { ColumnSettings, ConfiguredColumn, TableConfig, TableSettings } from './table-config';
import { configOf, toSummaryView, toView, type TableSummaryView, type TableView } from './table-view';
import { TEMPLATES } from './templates/registry';

export interface AvailableTable {
  tableName: string;
  comment: string | null;
}

export type ColumnChange = { columnName: string } & Partial<ColumnSettings>;

export interface TableChange extends Partial<TableSettings> {
  columns?: ColumnChange[];
}

const UNIQUE = {
  generator_table_table_name_key: { error: GeneratorErrors.GENERATOR_TABLE_IMPORTED_409, field: '/body/tableName' },
  generator_table_module_id_key: { error: GeneratorErrors.GENERATOR_MODULE_EXISTS_409, field: '/body/moduleId' },
};

/** Imported tables and their configurations. */
export class TableConfigService {
  private readonly access: TableAccess;

  constructor(private readonly ctx: ModuleContext) {
    this.access = new TableAccess(ctx);
  }

  /** Tables of the current schema that no module owns and that are not imported yet. */
  async available(page: PageRequest, keyword?: string): Promise<Page<AvailableTable>> {
    const imported = new Set((await this.access.em().find(GeneratorTableEntity, {}, { fields: ['tableName'] })).map((r) => r.tableName));
    const needle = keyword?.toLowerCase();
    const tables = (await listTables(this.access.em())).filter(
      (t) => this.ctx.kernel.names.tableOwner(t.tableName) === null && !imported.has(t.tableName) && (!needle || t.tableName.toLowerCase().includes(needle)),
    );
    return page.slice(tables);
  }

  async list(page: PageRequest, keyword?: string): Promise<Page<TableSummaryView>> {
    const where: FilterQuery<GeneratorTable> = keyword ? { tableName: { $ilike: `%${escapeLike(keyword)}%` } } : {};
    const orderBy = { ...page.orderBy({ tableName: 'asc' }), id: 'asc' } as const;
    const [rows, total] = await this.access.em().findAndCount(GeneratorTableEntity, where, { orderBy, limit: page.limit, offset: page.offset });
    return page.result(rows.map(toSummaryView), total);
  }

  async get(id: string): Promise<TableView> {
    return toView(await this.access.load(id));
  }

  /** Reads the table from the catalog and stores the configuration proposed for it. */
  async importTable(tableName: string): Promise<TableView> {
    const em = this.access.em();
    if (await em.count(GeneratorTableEntity, { tableName })) {
      throw new AppError(GeneratorErrors.GENERATOR_TABLE_IMPORTED_409, {
        details: [{ field: '/body/tableName', message: `"${tableName}" is already imported` }],
      });
    }
    const table = await this.access.readTable(tableName, { field: '/body/tableName' });
    refuseUnsupported(table, '/body/tableName');
    const configs = await em.find(GeneratorTableEntity, {}, { fields: ['moduleId'] });
    const config = proposeConfig(table, TEMPLATES[0], {
      moduleIds: new Set([...this.ctx.kernel.modules.list().map((m) => m.id), ...configs.map((c) => c.moduleId)]),
      entityNames: new Set(this.ctx.kernel.names.entities().map((e) => e.entity)),
    });
    const row = em.create(GeneratorTableEntity, { ...config, generatedAt: null });
    await flushChanges(em, UNIQUE);
    const view = toView(row);
    recordChange({ resource: 'generator-table', id: row.id, action: 'create', after: view });
    return view;
  }

  /** Applies the settings sent; the whole configuration must still make a module. */
  async update(id: string, change: TableChange, version: number): Promise<TableView> {
    const em = this.access.em();
    const row = await this.access.load(id);
    checkVersion(row.version, version);
    const before = toView(row);
    const { columns: columnChanges = [], ...settings } = change;
    const config: TableConfig = { ...configOf(row), ...definedOnly(settings) };
    const pointers = new Map<string, string>();
    const unknown = columnChanges.flatMap((c, i) => (config.columns.some((k) => k.columnName === c.columnName) ? [] : [i]));
    if (unknown.length > 0) {
      throw new AppError(KernelErrors.VALIDATION_FAILED_400, {
        details: unknown.map((i) => ({ field: `/body/columns/${i}/columnName`, message: `the table has no column "${columnChanges[i].columnName}"` })),
      });
    }
    columnChanges.forEach((c, i) => pointers.set(c.columnName, `/body/columns/${i}`));
    config.columns = config.columns.map((column) => {
      const sent = columnChanges.find((c) => c.columnName === column.columnName);
      return sent ? { ...column, ...definedOnly(sent), columnName: column.columnName } : column;
    });
    await this.access.check(config, (name) => pointers.get(name) ?? '/body/columns');
    this.access.refuseForeignModule(config);
    Object.assign(row, config);
    await flushChanges(em, UNIQUE);
    const after = toView(row);
    recordChange({ resource: 'generator-table', id, action: 'update', before, after });
    return after;
  }

  /** Forgets the configuration; a module generated from it stays (remove its folder to drop it). */
  async remove(id: string, version?: number): Promise<void> {
    const em = this.access.em();
    const row = await this.access.load(id);
    checkVersion(row.version, version, '/query/version');
    const before = toView(row);
    em.remove(row);
    await flushChanges(em);
    recordChange({ resource: 'generator-table', id, action: 'delete', before });
  }

  /**
   * Reads the table again after it changed: columns that kept their name and type keep their
   * settings, new ones get the proposal's, dropped ones go.
   */
  async sync(id: string, version: number): Promise<TableView> {
    const em = this.access.em();
    const row = await this.access.load(id);
    checkVersion(row.version, version, '/query/version');
    const before = toView(row);
    const table = await this.access.readTable(row.tableName, { moduleId: row.moduleId, field: '/params/id' });
    refuseUnsupported(table, '/params/id');
    const proposed = proposeConfig(table, TEMPLATES[0], { moduleIds: new Set(), entityNames: new Set() });
    row.columns = proposed.columns.map((fresh) => {
      const kept = row.columns.find((c) => c.columnName === fresh.columnName && c.dbType === fresh.dbType);
      return kept ? keepSettings(fresh, kept) : fresh;
    });
    row.uniqueConstraints = proposed.uniqueConstraints;
    row.foreignKeys = proposed.foreignKeys;
    row.referencedBy = proposed.referencedBy;
    row.tableComment = table.comment;
    await flushChanges(em);
    const after = toView(row);
    recordChange({ resource: 'generator-table', id, action: 'update', before, after });
    return after;
  }
}

/** A module needs one key column and every column it must write in a type it can map. */
function refuseUnsupported(table: IntrospectedTable, field: string): void {
  const problems: string[] = [];
  if (table.primaryKey.length !== 1) {
    problems.push(table.primaryKey.length === 0 ? 'the table has no primary key' : `the primary key has ${table.primaryKey.length} columns; one is needed`);
  }
  const tableReason = unmappableNameReason(table.tableName);
  if (tableReason) problems.push(`the table's name ${tableReason}, which generated code cannot map safely`);
  for (const column of table.columns) {
    if (isMappable(column)) continue;
    const why = isSupportedType(column.dbType) ? `its name ${unmappableNameReason(column.columnName)}` : `its type ${column.dbType} has no mapping`;
    if (column.primaryKey) problems.push(`the key column "${column.columnName}" cannot be mapped: ${why}`);
    else if (mustBeSent({ ...column, role: 'field' }))
      problems.push(`column "${column.columnName}" is NOT NULL without a default and cannot be mapped: ${why}`);
  }
  if (problems.length > 0) {
    throw new AppError(GeneratorErrors.GENERATOR_TABLE_UNSUPPORTED_400, { details: problems.map((message) => ({ field, message })) });
  }
}

function keepSettings(fresh: ConfiguredColumn, kept: ConfiguredColumn): ConfiguredColumn {
  const { label, tsType, list, query, queryOp, form, required, dictCode, property } = kept;
  return { ...fresh, label, tsType, list, query, queryOp, form, required, dictCode, property };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
