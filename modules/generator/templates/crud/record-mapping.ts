import type { Column, CrudModel } from './model';

/**
 * How a service file converts values between the API and the entity: `toView` (which also reads
 * the list's rows) and the helpers it and the writes need.
 */
export function toViewFunction(model: CrudModel): string[] {
  const { names, columns } = model;
  return [
    `function toView(record: ${names.type} | ${names.type}Row): ${names.view} {`,
    '  return {',
    ...columns.map((c) => `    ${c.property}: ${toApi(c)},`),
    '  };',
    '}',
    ...(columns.some((c) => c.type.stringInRows && c.nullable) ? ['', ...numberOfFunction()] : []),
  ];
}

function numberOfFunction(): string[] {
  return [
    '/** A numeric or int8 value, as the entity holds it (a number) or a row (a string). */',
    'function numberOf(value: number | string | null | undefined): number | null {',
    '  return value === null || value === undefined ? null : Number(value);',
    '}',
  ];
}

export function dateOfFunction(): string[] {
  return [
    '/** An ISO 8601 timestamp from the API as the entity holds it; null and absent stay so. */',
    'function dateOf<T extends null | undefined>(value: string | T): Date | T {',
    `  return typeof value === 'string' ? new Date(value) : value;`,
    '}',
  ];
}

/** A value the API sent, as the entity holds it. */
export function fromApi(column: Column, value: string): string {
  return column.type.timestamp ? `dateOf(${value})` : value;
}

/** A record's value as the API shows it (a nullable column a create left out is undefined). */
function toApi(column: Column): string {
  const value = `record.${column.property}`;
  if (column.type.integerKey) return `String(${value})`;
  if (column.type.stringInRows) return column.nullable ? `numberOf(${value})` : `Number(${value})`;
  if (column.type.timestamp) return column.nullable ? `${value}?.toISOString() ?? null` : `${value}.toISOString()`;
  return column.nullable ? `${value} ?? null` : value;
}
