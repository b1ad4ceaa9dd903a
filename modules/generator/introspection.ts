import { TENANT_POLICY_SUFFIX, type EntityManager } from '@atrium/kernel';
import { TENANT_COLUMN } from './tenancy-rules';
import type { ColumnFacts, ForeignKey, Reference, UniqueConstraint } from './table-config';

/** A table of the database's current schema, as the catalog describes it. */
export interface IntrospectedTable {
  tableName: string;
  comment: string | null;
  columns: ColumnFacts[];
  /** Column names of the primary key, in key order (empty without one). */
  primaryKey: string[];
  /** The primary key's constraint, or null without one. */
  primaryKeyName: string | null;
  uniqueConstraints: UniqueConstraint[];
  foreignKeys: ForeignKey[];
  referencedBy: Reference[];
  /**
   * The table is tenant-owned (its isolation policy exists): its `tenant_id` column is then
   * tenancy's, and left out of the columns and of the unique constraints' columns.
   */
  tenantOwned: boolean;
}

export interface TableSummary {
  tableName: string;
  comment: string | null;
}

/**
 * Reads the catalog, never the client's SQL: a table name is only ever a bound parameter, so an
 * import can reach nothing but a table that exists in the current schema (ordinary or
 * partitioned tables; views and foreign tables are not generated from).
 */
export async function listTables(em: EntityManager): Promise<TableSummary[]> {
  const rows = await em.getConnection().execute<{ table_name: string; comment: string | null }[]>(
    `select c.relname as table_name, obj_description(c.oid, 'pg_class') as comment
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname`,
  );
  return rows.map((r) => ({ tableName: r.table_name, comment: r.comment }));
}

export async function introspectTable(em: EntityManager, tableName: string): Promise<IntrospectedTable | null> {
  const connection = em.getConnection();
  const [table] = await connection.execute<{ oid: number; comment: string | null; tenant_owned: boolean }[]>(
    `select c.oid, obj_description(c.oid, 'pg_class') as comment,
            exists (select from pg_policy p where p.polrelid = c.oid and p.polname = c.relname || ?) as tenant_owned
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition and c.relname = ?`,
    [TENANT_POLICY_SUFFIX, tableName],
  );
  if (!table) return null;
  const isTenancyColumn = (column: string) => table.tenant_owned && column === TENANT_COLUMN;
  const columns = await connection.execute<ColumnRow[]>(
    `select a.attname as column_name, t.typname as db_type, not a.attnotnull as nullable,
            pg_get_expr(d.adbin, d.adrelid) as default_value, a.attidentity <> '' as identity,
            a.attidentity = 'a' or a.attgenerated <> '' as read_only,
            information_schema._pg_char_max_length(a.atttypid, a.atttypmod) as length,
            information_schema._pg_numeric_precision(a.atttypid, a.atttypmod) as precision,
            information_schema._pg_numeric_scale(a.atttypid, a.atttypmod) as scale,
            col_description(a.attrelid, a.attnum) as comment
     from pg_attribute a
       join pg_type t on t.oid = a.atttypid
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attrelid = ? and a.attnum > 0 and not a.attisdropped
     order by a.attnum`,
    [table.oid],
  );
  // Keys and unique indexes on plain columns; an expression or partial index (`lower(code)`)
  // says nothing a generated module could name a field by.
  const indexes = await connection.execute<{ name: string; primary: boolean; columns: string[] }[]>(
    `select ic.relname as name, i.indisprimary as primary,
            (select json_agg(a.attname order by k.ord) from unnest(i.indkey) with ordinality as k(attnum, ord)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum) as columns
     from pg_index i join pg_class ic on ic.oid = i.indexrelid
     where i.indrelid = ? and (i.indisprimary or i.indisunique) and i.indexprs is null and i.indpred is null
     order by ic.relname`,
    [table.oid],
  );
  const foreignKeys = await connection.execute<ForeignKey[]>(
    `select c.conname as name,
            (select json_agg(a.attname order by k.ord) from unnest(c.conkey) with ordinality as k(attnum, ord)
               join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns
     from pg_constraint c where c.conrelid = ? and c.contype = 'f' order by c.conname`,
    [table.oid],
  );
  const referencedBy = await connection.execute<{ table_name: string; name: string }[]>(
    `select t.relname as table_name, c.conname as name
     from pg_constraint c join pg_class t on t.oid = c.conrelid
     where c.confrelid = ? and c.contype = 'f' order by t.relname, c.conname`,
    [table.oid],
  );
  const primary = indexes.find((i) => i.primary);
  // A unique rule of a tenant-owned table leads with tenant_id: per tenant, on the other columns.
  const uniqueConstraints = indexes.filter((i) => !i.primary).map((i) => ({ name: i.name, columns: i.columns.filter((c) => !isTenancyColumn(c)) }));
  const primaryKey = primary?.columns ?? [];
  return {
    tableName,
    comment: table.comment,
    columns: columns
      .filter((c) => !isTenancyColumn(c.column_name))
      .map((c) => ({
        columnName: c.column_name,
        dbType: c.db_type,
        nullable: c.nullable,
        defaultValue: c.default_value,
        identity: c.identity,
        readOnly: c.read_only,
        length: c.length === null ? null : Number(c.length),
        precision: c.db_type === 'numeric' && c.precision !== null ? Number(c.precision) : null,
        scale: c.db_type === 'numeric' && c.scale !== null ? Number(c.scale) : null,
        primaryKey: primaryKey.length === 1 && primaryKey[0] === c.column_name,
        comment: c.comment,
      })),
    primaryKey,
    primaryKeyName: primary?.name ?? null,
    uniqueConstraints,
    foreignKeys: foreignKeys.map((k) => ({ name: k.name, columns: k.columns })),
    referencedBy: referencedBy.map((r) => ({ tableName: r.table_name, name: r.name })),
    tenantOwned: table.tenant_owned,
  };
}

interface ColumnRow {
  column_name: string;
  db_type: string;
  nullable: boolean;
  default_value: string | null;
  identity: boolean;
  read_only: boolean;
  length: number | string | null;
  precision: number | string | null;
  scale: number | string | null;
  comment: string | null;
}
