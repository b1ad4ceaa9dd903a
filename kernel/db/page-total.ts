/**
 * A list's total without counting a huge table on every page. The planner's estimate of the
 * filtered rows comes first (EXPLAIN, planning only: it reads no rows); below the limit the rows
 * are counted, and the count itself stops one row past the limit, so a wrong estimate never
 * makes it scan more. Past the limit the answer is the estimate, flagged, and the list says so
 * (`totalIsEstimate`, kernel/http/pagination.ts). Plain SQL that PostgreSQL and the embedded
 * PGlite both run.
 */
import { raw, type EntityName, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EXACT_COUNT_LIMIT } from '../config';
import { tableRowsBelow } from './table-size';

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

/**
 * Rows matching `where`, narrowed by the filters em.find would apply (data scope). `where` may
 * be a function building it (query builders take a condition over).
 *
 * A table the statistics call smaller than the limit is counted at once: its planner estimate
 * could only send the list to the same count, one round trip later. The statement is built once
 * (building it costs more CPU than PostgreSQL spends running it) and serves both questions.
 */
export async function pageTotal<T extends object>(
  em: EntityManager,
  entityName: EntityName<T>,
  where: FilterQuery<T> | (() => FilterQuery<T>),
): Promise<PageTotal> {
  const limit = limits.get(em.config) ?? EXACT_COUNT_LIMIT;
  const sql = await matchingRows(em, entityName, typeof where === 'function' ? (where as () => FilterQuery<T>)() : where);
  let counted = (await tableRowsBelow(em, entityName, limit)) ? await cappedCount(em, sql, limit) : undefined;
  if (counted !== undefined && counted <= limit) return { total: counted, estimate: false };
  const planned = await plannedRows(em, sql);
  if (counted === undefined && planned < limit) {
    counted = await cappedCount(em, sql, limit);
    if (counted <= limit) return { total: counted, estimate: false };
  }
  return { total: Math.max(planned, limit + 1), estimate: true };
}

/** `select 1 from <table> where <filters and where>`, values inlined as the ORM inlines them. */
async function matchingRows<T extends object>(em: EntityManager, entityName: EntityName<T>, where: FilterQuery<T>): Promise<string> {
  const qb = em.createQueryBuilder(entityName, 't').select(raw('1')).where(where);
  // Query builders, unlike em.find and em.count, apply filters only when asked.
  await qb.applyFilters();
  return qb.getFormattedQuery();
}

interface PlanRow {
  'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }>;
}

/** The planner's estimate of the rows a statement returns: no row is read. */
async function plannedRows(em: EntityManager, sql: string): Promise<number> {
  const [row] = await em.execute<PlanRow[]>(`explain (format json) ${sql}`);
  // The driver parses json columns; the embedded server's may hand the text over.
  const plan = typeof row['QUERY PLAN'] === 'string' ? (JSON.parse(row['QUERY PLAN']) as PlanRow['QUERY PLAN']) : row['QUERY PLAN'];
  return Math.round(plan[0].Plan['Plan Rows']);
}

/** The rows of `sql`, counted no further than one past `limit`: a wrong estimate never makes it scan more. */
async function cappedCount(em: EntityManager, sql: string, limit: number): Promise<number> {
  const [row] = await em.execute<Array<{ total: string | number }>>(`select count(*) as total from (${sql} limit ${limit + 1}) as counted`);
  return Number(row.total);
}
