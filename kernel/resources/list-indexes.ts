import { createHash } from 'node:crypto';
import { Migration } from '../orm';
import { trackRowChanges, trackableTable, untrackRowChanges } from '../db/row-changes';

/** The comment that marks an index as one a list-index migration made. */
const MARK = 'atrium: list index';

/** One index a list needs. */
interface ListIndex {
  name: string;
  /** What follows `on <table>`. */
  definition: string;
}

/**
 * A migration that gives a table what its list needs: a btree index per column a sort or filter
 * reads, a trigram index (pg_trgm) per column a contains filter searches, and its row changes
 * tracked (kernel/db/row-changes.ts), so the list's total is counted again only once the table
 * has been written. Each index is marked as a list index (its comment), so the next such
 * migration of the table — its sort and filter fields changed — drops the marked ones it no
 * longer lists and leaves every other index alone. Table and column names are taken as the
 * database spells them, and quoted here.
 */
export abstract class ListIndexesMigration extends Migration {
  /** The table, in the current schema. */
  protected abstract readonly table: string;
  /** Columns that a sort or an equality or range filter reads. */
  protected abstract readonly btree: readonly string[];
  /** Text columns that a contains filter searches. */
  protected abstract readonly trigram: readonly string[];

  override async up(): Promise<void> {
    const wanted = this.indexes(await this.isTenantOwned());
    const marked = await this.execute(
      `select i.relname as name from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = to_regclass(?) and obj_description(i.oid, 'pg_class') = ?`,
      [quoted(this.table), MARK],
    );
    for (const { name } of marked as { name: string }[]) if (!wanted.some((index) => index.name === name)) this.addSql(`drop index ${quoted(name)}`);
    if (this.trigram.length > 0) this.addSql('create extension if not exists pg_trgm');
    for (const index of wanted) {
      this.addSql(`create index if not exists ${quoted(index.name)} on ${quoted(this.table)} ${index.definition}`);
      this.addSql(`comment on index ${quoted(index.name)} is '${MARK}'`);
    }
    if (trackableTable(this.table)) for (const sql of trackRowChanges(this.table)) this.addSql(sql);
  }

  override async down(): Promise<void> {
    for (const index of this.indexes(await this.isTenantOwned())) this.addSql(`drop index if exists ${quoted(index.name)}`);
    if (trackableTable(this.table)) for (const sql of untrackRowChanges(this.table)) this.addSql(sql);
  }

  /**
   * Whether the table is tenant-owned (kernel/db/tenancy/tenant-owned.ts) as this migration runs:
   * then every list reads one tenant's rows, and each btree index leads with `tenant_id`.
   */
  private async isTenantOwned(): Promise<boolean> {
    const [row] = (await this.execute(
      `select c.relforcerowsecurity and exists (select from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as owned
        from pg_class c where c.oid = to_regclass(?)`,
      [quoted(this.table)],
    )) as { owned: boolean }[];
    return row?.owned === true;
  }

  private indexes(tenantOwned: boolean): ListIndex[] {
    const btree = tenantOwned
      ? (column: string) => ({ name: indexName(this.table, column, 'tenant_idx'), definition: `("tenant_id", ${quoted(column)})` })
      : (column: string) => ({ name: indexName(this.table, column, 'idx'), definition: `(${quoted(column)})` });
    return [
      ...this.btree.map(btree),
      ...this.trigram.map((column) => ({ name: indexName(this.table, column, 'trgm'), definition: `using gin (${quoted(column)} gin_trgm_ops)` })),
    ];
  }
}

/** An SQL identifier, quoted: any text PostgreSQL allows in a name stays a name. */
function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * `<table>_<column>_list_<kind>` when that is a plain name PostgreSQL keeps whole (63 bytes at
 * most); else a name made from a hash of the three, which PostgreSQL neither cuts nor confuses.
 */
function indexName(table: string, column: string, kind: 'idx' | 'tenant_idx' | 'trgm'): string {
  const readable = `${table}_${column}_list_${kind}`;
  if (/^[a-z_][a-z0-9_]{0,62}$/.test(readable)) return readable;
  return `list_${kind}_${createHash('sha256').update(`${table}\u0000${column}`).digest('hex').slice(0, 24)}`;
}
