import { createHash } from 'node:crypto';
import type { GeneratedFile } from '../generation-plan';
import { tsString } from '../emit';
import type { CrudModel } from './model';
import { fileText } from './source';

/** The migration that makes a table tenant-owned: once run, it stays run whatever later generations change. */
export const TENANT_MIGRATION = '0000-tenant-owned';

/**
 * The list-index migration's name, or none when the list reads no column that needs an index.
 * Named after its indexes (and, for a tenant-owned table, its tenancy, which leads each btree
 * index with `tenant_id`): a generation that changes them has a migration the database has not
 * run, which drops the list indexes the earlier one made and no longer needs, and creates the new ones.
 */
export function listIndexesMigrationName(model: CrudModel): string | undefined {
  const { btree, trigram } = model.indexes;
  if (btree.length + trigram.length === 0) return undefined;
  const digest = createHash('sha256')
    .update(JSON.stringify([model.plan.sourceTable, btree, trigram, ...(model.plan.tenantOwned ? ['tenant'] : [])]))
    .digest('hex');
  return `0001-list-indexes-${digest.slice(0, 12)}`;
}

/** Every migration of the module, in the order they run. */
export function migrationNames(model: CrudModel): string[] {
  const listIndexes = listIndexesMigrationName(model);
  return [...(model.plan.tenantOwned ? [TENANT_MIGRATION] : []), ...(listIndexes ? [listIndexes] : [])];
}

export function migrationFiles(model: CrudModel): GeneratedFile[] {
  const listIndexes = listIndexesMigrationName(model);
  return [...(model.plan.tenantOwned ? [tenantMigrationFile(model)] : []), ...(listIndexes ? [listIndexesFile(model, listIndexes)] : [])];
}

/** `migrations/<name>.ts`: the indexes of the list's sort fields and filters, on the table the module serves. */
function listIndexesFile(model: CrudModel, name: string): GeneratedFile {
  const { btree, trigram } = model.indexes;
  const list = (columns: string[]) => `[${columns.map(tsString).join(', ')}]`;
  return {
    path: `migrations/${name}.ts`,
    content: fileText([
      `import { ListIndexesMigration } from '@atrium/kernel';`,
      '',
      '/** Btree indexes for the sort fields and filters, trigram indexes for the contains filters (README.md, "Data"). */',
      `export default class ${model.names.type}ListIndexes extends ListIndexesMigration {`,
      `  protected readonly table = ${tsString(model.plan.sourceTable)};`,
      `  protected readonly btree = ${list(btree)};`,
      `  protected readonly trigram = ${list(trigram)};`,
      '}',
    ]),
  };
}

/**
 * `migrations/0000-tenant-owned.ts`: tenancy's column and policy on the table, and each unique
 * rule the module answers 409 for made per tenant — else a tenant would learn from a 409 that
 * another has the value.
 */
function tenantMigrationFile(model: CrudModel): GeneratedFile {
  const table = quoted(model.plan.sourceTable);
  const perTenant = model.plan.uniqueConstraints.map(({ name, columns }) =>
    [
      `alter table ${table} drop constraint if exists ${quoted(name)}`,
      `drop index if exists ${quoted(name)}`,
      `create unique index ${quoted(name)} on ${table} ("tenant_id", ${columns.map(quoted).join(', ')})`,
    ].join('; '),
  );
  return {
    path: `migrations/${TENANT_MIGRATION}.ts`,
    content: fileText([
      `import { Migration, tenantOwned } from '@atrium/kernel';`,
      '',
      '/** Each tenant has its own records, its unique rules its own (README.md, "Tenants"). */',
      `export default class ${model.names.type}TenantOwned extends Migration {`,
      '  override up(): void {',
      `    this.addSql(tenantOwned(${tsString(model.plan.sourceTable)}));`,
      ...perTenant.map((sql) => `    this.addSql(${tsString(sql)});`),
      '  }',
      '}',
    ]),
  };
}

/** An SQL identifier, quoted: any text PostgreSQL allows in a name stays a name. */
function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
