/**
 * A list's total without counting a huge table on every page. The planner's estimate of the
 * filtered rows comes first (EXPLAIN, planning only: it reads no rows); below the limit the rows
 * are counted, and the count itself stops one row past the limit, so a wrong estimate never
 * makes it scan more. Past the limit the answer is the estimate, flagged, and the list says so
 * (`totalIsEstimate`, kernel/http/pagination.ts). Plain SQL that PostgreSQL and the embedded
 * PGlite both run.
 */
import { Utils, raw, type EntityName, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EXACT_COUNT_LIMIT } from '../config';
import { builtStatement, statementOf, type BuiltStatement } from './built-statements';
import { rowChangesColumn } from './row-changes';
import { tableRowsBelow } from './table-size';
import { tenantScopeKey } from './tenancy/tenant-scope';

/** A list's total as pageTotal() found it: counted, or estimated when counting would cost too much. */
export interface PageTotal {
  total: number;
  estimate: boolean;
}

/** Each ORM's limit, by its configuration (every EntityManager forked from it shares that object). */
const limits = new WeakMap<object, number>();

/** Sets the limit of the lists that run on this ORM's EntityManagers (kernel/db/database.ts). */
export function setExactCountLimit(ormConfig: object, limit: number): void {
  limits.set(ormConfig, limit);
}

export interface PageTotalOptions {
  /**
   * The table's row_changes as the page's own statement read it (rowChangesColumn(), for a
   * tracked table): while it is unchanged, a total counted before is the total now.
   */
  rowChanges?: string | number | null;
}

/** A total counted for a statement, and the table's row_changes as the counting statement saw it. */
interface CountedTotal {
  rowChanges: string;
  total: number;
}

/** Counted totals by ORM configuration, then by statement and its values; the oldest goes first past the bound. */
const countedTotals = new WeakMap<object, Map<string, CountedTotal>>();
const COUNTED_TOTALS_KEPT = 256;

/**
 * Rows matching `where`, narrowed by the filters em.find would apply (data scope). `where` may
 * be a function building it (query builders take a condition over).
 *
 * On a tracked table (kernel/db/row-changes.ts), given the row_changes the page read, a total
 * counted while the table's number was the same is answered without counting again.
 *
 * A table the statistics call smaller than the limit is counted at once: its planner estimate
 * could only send the list to the same count, one round trip later. The statement is built once
 * (building it costs more CPU than PostgreSQL spends running it) and serves both questions.
 */
export async function pageTotal<T extends object>(
  em: EntityManager,
  entityName: EntityName<T>,
  where: FilterQuery<T> | (() => FilterQuery<T>),
  options: PageTotalOptions = {},
): Promise<PageTotal> {
  const limit = limits.get(em.config) ?? EXACT_COUNT_LIMIT;
  const matching = await matchingRows(em, entityName, typeof where === 'function' ? (where as () => FilterQuery<T>)() : where);
  const reusable = options.rowChanges !== undefined && options.rowChanges !== null && readsOneTable(matching.sql);
  const totals = reusable ? countedTotalsOf(em) : undefined;
  // Only a reusable total is looked up or kept, so only then is the statement made a key. The
  // tenant is part of it: row-level security, not the statement, narrows a tenant-owned table.
  const key = totals ? JSON.stringify([tenantScopeKey(), matching.sql, matching.params]) : '';
  const known = totals?.get(key);
  if (known && known.rowChanges === String(options.rowChanges)) return { total: known.total, estimate: false };
  const count = () => (totals ? countAndRemember(em, entityName, matching, key, limit, totals) : cappedCount(em, matching, limit));
  let counted = (await tableRowsBelow(em, entityName, limit)) ? await count() : undefined;
  if (counted !== undefined && counted <= limit) return { total: counted, estimate: false };
  const planned = await plannedRows(em, matching);
  if (counted === undefined && planned < limit) {
    counted = await count();
    if (counted <= limit) return { total: counted, estimate: false };
  }
  return { total: Math.max(planned, limit + 1), estimate: true };
}

/**
 * The rows `where` selects, counted exactly when there are at most `limit` (the count stops one
 * row past it); past it, the planner's estimate, at least `limit + 1`. For a decision that must
 * not be wrong at its edge, which a list's estimated total can be (an export past the
 * background threshold), and a size beyond it that need only be near (its progress).
 */
export async function countPast<T extends object>(em: EntityManager, entityName: EntityName<T>, where: FilterQuery<T>, limit: number): Promise<number> {
  const matching = await matchingRows(em, entityName, where);
  const counted = await cappedCount(em, matching, limit);
  if (counted <= limit) return counted;
  return Math.max(await plannedRows(em, matching), limit + 1);
}

function tableOf<T extends object>(em: EntityManager, entityName: EntityName<T>): string {
  return em.getMetadata().get<T>(Utils.className(entityName)).tableName;
}

function countedTotalsOf(em: EntityManager): Map<string, CountedTotal> {
  let totals = countedTotals.get(em.config);
  if (!totals) countedTotals.set(em.config, (totals = new Map()));
  return totals;
}

/**
 * A condition that reads another table (a subquery: users holding a role) changes with that
 * table, whose writes the number does not follow: such a total is always counted. Values are
 * parameters, and quoted literals are set aside too, so a keyword that spells `select` is only a keyword.
 */
function readsOneTable(sql: string): boolean {
  const withoutValues = sql.replace(/E?'(?:[^'\\]|\\.|'')*'/g, "''");
  return (withoutValues.match(/\bselect\b/gi) ?? []).length === 1;
}

/**
 * cappedCount(), reading the table's row_changes in the same statement, so the total is kept
 * under the number its own snapshot saw (an exact total only; an estimate is never kept).
 */
async function countAndRemember<T extends object>(
  em: EntityManager,
  entityName: EntityName<T>,
  matching: BuiltStatement,
  key: string,
  limit: number,
  totals: Map<string, CountedTotal>,
): Promise<number> {
  const table = tableOf(em, entityName);
  const [row] = await em.execute<Array<{ total: string | number; row_changes: string | number | null }>>(
    `select count(*) as total, ${rowChangesColumn(table)} from (${matching.sql} limit ${limit + 1}) as counted`,
    [...matching.params],
  );
  const total = Number(row.total);
  if (row.row_changes !== null && total <= limit) {
    totals.delete(key);
    if (totals.size >= COUNTED_TOTALS_KEPT) totals.delete(totals.keys().next().value!);
    totals.set(key, { rowChanges: String(row.row_changes), total });
  }
  return total;
}

/** `select 1 from <table> where <filters and where>`, its values as parameters. */
function matchingRows<T extends object>(em: EntityManager, entityName: EntityName<T>, where: FilterQuery<T>): Promise<BuiltStatement> {
  return builtStatement(em, entityName, ['matching rows', where], async () => {
    const qb = em.createQueryBuilder(entityName, 't').select(raw('1')).where(where);
    // Query builders, unlike em.find and em.count, apply filters only when asked.
    await qb.applyFilters();
    return statementOf(qb);
  });
}

interface PlanRow {
  'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }>;
}

/** The planner's estimate of the rows a statement returns: no row is read. */
async function plannedRows(em: EntityManager, { sql, params }: BuiltStatement): Promise<number> {
  const [row] = await em.execute<PlanRow[]>(`explain (format json) ${sql}`, [...params]);
  // The driver parses json columns; the embedded server's may hand the text over.
  const plan = typeof row['QUERY PLAN'] === 'string' ? (JSON.parse(row['QUERY PLAN']) as PlanRow['QUERY PLAN']) : row['QUERY PLAN'];
  return Math.round(plan[0].Plan['Plan Rows']);
}

/** The rows of `sql`, counted no further than one past `limit`: a wrong estimate never makes it scan more. */
async function cappedCount(em: EntityManager, { sql, params }: BuiltStatement, limit: number): Promise<number> {
  const [row] = await em.execute<Array<{ total: string | number }>>(`select count(*) as total from (${sql} limit ${limit + 1}) as counted`, [...params]);
  return Number(row.total);
}
