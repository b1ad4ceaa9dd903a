import type { CrudFilter } from '@refinedev/core';

/** An end of the time range picker (a Dayjs). */
interface Instant {
  toISOString(): string;
}

/**
 * The filter form's values as the list's query parameters: the time range becomes `from` (at or
 * after) and `to` (before), the rest are sent under their own names. The export sends the same.
 */
export function auditFilters({ at, ...values }: Record<string, unknown>): CrudFilter[] {
  const [from, to] = (Array.isArray(at) ? at : []) as (Instant | null | undefined)[];
  return [
    ...Object.entries(values).map(([field, value]): CrudFilter => ({ field, operator: 'eq', value })),
    { field: 'from', operator: 'gte', value: from?.toISOString() },
    { field: 'to', operator: 'lt', value: to?.toISOString() },
  ];
}
