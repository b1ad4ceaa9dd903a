import type { PlannedColumn } from '../generation-plan';
import { columnType } from './column-types';
import { describe } from './descriptions';

/** One query parameter of the list route. */
export interface Filter<C extends PlannedColumn = PlannedColumn> {
  /** The parameter: the property, or `<property>From` / `<property>To` for `between`. */
  name: string;
  column: C;
  /** The MikroORM operator it applies; none is equality. */
  operator?: '$ilike' | '$gt' | '$lt' | '$gte' | '$lte';
  description: string;
}

/** The list's own parameters, which no filter may shadow. */
const PAGE_PARAMETERS = ['page', 'pageSize', 'sort'];

/** The list route's filters: one per `query` column, two for `between` (both ends inclusive). */
export function filtersOf<C extends PlannedColumn>(columns: readonly C[]): Filter<C>[] {
  return columns
    .filter((c) => c.query)
    .flatMap((column): Filter<C>[] => {
      const label = describe(column);
      switch (column.queryOp) {
        case 'eq':
          return [{ name: column.property, column, description: label }];
        case 'like':
          return [{ name: column.property, column, operator: '$ilike', description: `${label} (contains; any case)` }];
        case 'gt':
          return [{ name: column.property, column, operator: '$gt', description: `${label} (greater than)` }];
        case 'lt':
          return [{ name: column.property, column, operator: '$lt', description: `${label} (less than)` }];
        case 'between':
          return [
            { name: `${column.property}From`, column, operator: '$gte', description: `${label} (from; inclusive)` },
            { name: `${column.property}To`, column, operator: '$lte', description: `${label} (to; inclusive)` },
          ];
      }
    });
}

/** What keeps the filters from being generated: `like` on a non-text column, clashing names. */
export function filterProblems(columns: readonly PlannedColumn[]): string[] {
  const problems = columns
    .filter((c) => c.query && c.queryOp === 'like' && !columnType(c).text)
    .map((c) => `column ${c.property}: like filters text columns only, not ${c.dbType}`);
  const seen = new Set(PAGE_PARAMETERS);
  for (const { name } of filtersOf(columns)) {
    if (seen.has(name)) problems.push(`filter ${name}: the name is taken (${PAGE_PARAMETERS.join(', ')} or another filter)`);
    seen.add(name);
  }
  return problems;
}
