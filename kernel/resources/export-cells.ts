import type { SheetColumn } from './export-columns';

/** The labels of each code list the columns name: code → value → label. */
export type SheetLabels = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** A cell as the sheet writers take it. */
export type Cell = string | number | boolean | Date | null;

/**
 * The cells of one view for a sheet of `format`. Dates: ISO 8601 text in CSV (what every program
 * reads back), date cells in xlsx (UTC, as the API's timestamps are). A coded value shows its
 * label when its column names a code list that has one, else the value as stored; an array's
 * elements are joined by ", " (each labelled); an object where a value was expected is its JSON.
 */
export function cellsOf(view: object, columns: readonly SheetColumn[], labels: SheetLabels, format: 'xlsx' | 'csv'): Cell[] {
  return columns.map((column) => {
    const value = valueAt(view, column.path);
    if (value === null || value === undefined) return null;
    const named = column.dictionary ? labels.get(column.dictionary) : undefined;
    if (Array.isArray(value)) return guarded(value.map((item) => text(item, named)).join(', '), format);
    if (named) return guarded(text(value, named), format);
    if (format === 'xlsx' && (column.kind === 'date-time' || column.kind === 'date')) return dateOf(value);
    if (typeof value === 'number' || typeof value === 'boolean') return format === 'csv' ? String(value) : value;
    return guarded(text(value, undefined), format);
  });
}

function valueAt(view: object, path: readonly string[]): unknown {
  let value: unknown = view;
  for (const name of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
  return value;
}

function text(value: unknown, named: ReadonlyMap<string, string> | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  const plain = String(value);
  return named?.get(plain) ?? plain;
}

/** A date cell; text that is no date stays text rather than becoming an invalid date. */
function dateOf(value: unknown): Cell {
  const date = value instanceof Date ? value : new Date(/^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? `${String(value)}T00:00:00Z` : String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date;
}

// A spreadsheet program runs a CSV cell starting with these as a formula (CSV injection).
const FORMULA_START = /^[=@\t\r]|^[+-](?!\d+(\.\d+)?$)/;

/**
 * CSV text that a spreadsheet program would run as a formula, with a `'` in front (OWASP's
 * advice): a name like `=HYPERLINK(...)` typed into a form must not act when the file is opened.
 * A signed number (`+8613800000000`, `-5`) is left as it is. An xlsx cell is typed text, never a
 * formula, so it needs nothing.
 */
function guarded(value: string, format: 'xlsx' | 'csv'): string {
  return format === 'csv' && FORMULA_START.test(value) ? `'${value}` : value;
}
