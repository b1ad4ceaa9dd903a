import type { Column, CrudModel } from './model';
import { capitalised } from './naming';
import { propertyKey } from './source';

/**
 * What a service file declares before its class: the view, filter, input and change types, the
 * unique indexes' conflicts, the foreign keys' fields, and the shape of the list's rows.
 */
export function serviceDeclarations(model: CrudModel): string[] {
  return [...interfaces(model), ...uniqueMap(model), ...referencesMap(model), ...rowDeclarations(model)];
}

function interfaces(model: CrudModel): string[] {
  const { names, columns, filters, createFields, idGenerated, id } = model;
  return [
    `/** ${capitalised(names.one)} as the API shows it. */`,
    `export interface ${names.view} {`,
    ...columns.map((c) => `  ${c.property}: ${tsType(c)};`),
    '}',
    '',
    `/** The list's filters; an absent one does not filter. */`,
    `export interface ${names.type}Filters {`,
    ...filters.map((f) => `  ${f.name}?: ${f.column.type.tsType};`),
    '}',
    '',
    '/** What a create sends; a field left out gets the column default, or null. */',
    `export interface ${names.type}Input {`,
    ...createFields.map(({ column, required }) => `  ${column.property}${required ? '' : '?'}: ${tsType(column)};`),
    '}',
    '',
    '/** What an update may change; a field left out keeps its value. */',
    idGenerated
      ? `export type ${names.type}Change = Partial<${names.type}Input>;`
      : `export type ${names.type}Change = Partial<Omit<${names.type}Input, '${id.property}'>>;`,
    '',
  ];
}

function referencesMap(model: CrudModel): string[] {
  if (model.references.length === 0) return [];
  return [
    '/** The foreign keys of the table, by name: the field a write naming a missing record is refused on. */',
    'const REFERENCES = {',
    ...model.references.map((k) => `  ${propertyKey(k.name)}: '/body/${propertyOf(model, k.columns[0])}',`),
    '};',
    '',
  ];
}

function uniqueMap(model: CrudModel): string[] {
  if (model.unique.length === 0) return [];
  const { errors, duplicatedError } = model.names;
  return [
    '/** The unique indexes of the table, by name: the conflict each answers and the field it names. */',
    'const UNIQUE = {',
    ...model.unique.map((u) => `  ${propertyKey(u.name)}: { error: ${errors}.${duplicatedError}, field: '/body/${propertyOf(model, u.columns[0])}' },`),
    '};',
    '',
  ];
}

/** The property that maps a column of the table. */
function propertyOf(model: CrudModel, columnName: string): string {
  return model.columns.find((c) => c.columnName === columnName)!.property;
}

/** The properties the list reads, and how its rows differ from entities. */
function rowDeclarations(model: CrudModel): string[] {
  const { names, columns } = model;
  const strings = columns.filter((c) => c.type.stringInRows);
  return [
    '/** What the list reads: every column, as the view shows them. */',
    `const COLUMNS = [${columns.map((c) => `'${c.property}'`).join(', ')}] as const;`,
    '',
    ...(strings.length > 0
      ? [
          '/**',
          ` * A row of the list: the values of ${names.one}, read without building the entity (so the`,
          ' * numeric and int8 ones are the strings the driver reads), and the total.',
          ' */',
          `type ${names.type}Row = Omit<${names.type}, ${strings.map((c) => `'${c.property}'`).join(' | ')}> & { ${strings.map((c) => `${c.property}: string${c.nullable ? ' | null' : ''}; `).join('')}${model.totalAlias}: string };`,
        ]
      : [
          `/** A row of the list: the values of ${names.one}, read without building the entity, and the total. */`,
          `type ${names.type}Row = ${names.type} & { ${model.totalAlias}: string };`,
        ]),
    '',
  ];
}

function tsType(column: Column): string {
  return column.nullable ? `${column.type.tsType} | null` : column.type.tsType;
}
