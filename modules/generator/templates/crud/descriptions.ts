import type { PlannedColumn } from '../generation-plan';

/** A column's description in the API: its label, then its database comment when it says more. */
export function describe(column: PlannedColumn): string {
  return column.comment && column.comment !== column.label ? `${column.label}: ${column.comment}` : column.label;
}
