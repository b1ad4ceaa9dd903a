import type { TObject } from '@sinclair/typebox';
import type { Row } from './resource-declaration';

/**
 * The view of a row as its schema names it: each property the view schema lists, taken from the
 * row by the same name; dates as ISO strings, what is not stored as null. A property the row
 * does not map is a declaration mistake, caught when the resource is declared.
 */
export function schemaView(schema: TObject): (row: Row) => Record<string, unknown> {
  const names = Object.keys(schema.properties);
  return (row) => {
    const view: Record<string, unknown> = {};
    for (const name of names) {
      const value = row[name];
      view[name] = value instanceof Date ? value.toISOString() : (value ?? null);
    }
    return view;
  };
}
