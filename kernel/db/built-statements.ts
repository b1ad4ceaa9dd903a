/**
 * SQL built through the query builder, kept by everything it was built from. Building a
 * statement costs more CPU than PostgreSQL spends running a list's page of it (measured for
 * bench/users-list.bench.ts), and a list asks for the same statements again and again. A bounded
 * map per ORM configuration, dropping the oldest, keeps no keyword forever.
 */
import { Utils, type EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** A statement and its parameters, for em.execute(sql, params): values are never written into the SQL. */
export interface BuiltStatement {
  /** With `?` placeholders, as knex writes them; a statement wrapping it keeps their order. */
  sql: string;
  params: readonly unknown[];
}

/** What a query builder (MikroORM's, or a knex one) holds, as a statement with parameters. */
export function statementOf(qb: { getKnexQuery(): { toSQL(): { sql: string; bindings: readonly unknown[] } } }): BuiltStatement {
  const { sql, bindings } = qb.getKnexQuery().toSQL();
  return { sql, params: bindings };
}

const KEPT = 512;
const built = new WeakMap<object, Map<string, BuiltStatement>>();

/**
 * The statement `build` makes from `parts` for `entityName`, built once. Its key holds the
 * row-scope filter's condition for this request as the query builders will apply it
 * (em.applyFilters), so two callers share a statement only when their data scope reads the same;
 * a knex subquery among the parts counts by its SQL and values.
 */
export async function builtStatement<T extends object>(
  em: EntityManager,
  entityName: EntityName<T>,
  parts: unknown,
  build: () => Promise<BuiltStatement>,
): Promise<BuiltStatement> {
  const className = Utils.className(entityName);
  const scope = await em.applyFilters(className, {}, {}, 'read');
  const key = JSON.stringify([className, scope, parts], subqueriesAsSql);
  let statements = built.get(em.config);
  if (!statements) built.set(em.config, (statements = new Map()));
  let statement = statements.get(key);
  if (statement === undefined) {
    statement = await build();
    if (statements.size >= KEPT) statements.delete(statements.keys().next().value!);
    statements.set(key, statement);
  }
  return statement;
}

function subqueriesAsSql(_key: string, value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'toQuery' in value && typeof value.toQuery === 'function' ? String(value.toQuery()) : value;
}
