import type { TObject, TSchema } from '@sinclair/typebox';
import type { Language } from '../errors/error-catalogue';

/** A column of a resource's spreadsheet export, as the declaration names it. */
export interface ExportColumn {
  /** The view's field; a dotted path reads a field of a nested object (`owner.name`). */
  field: string;
  /** The header in each language; the schema's `title`, else the field, when left out. */
  title?: Readonly<Record<Language, string>>;
  /** A code list (a dictionary's code) whose labels, in the caller's language, replace the values. */
  dictionary?: string;
}

/** What an export writes: its columns, in order. */
export interface ExportDeclaration {
  columns: readonly ExportColumn[];
}

/** How a cell is written: dates become date cells in xlsx, numbers and booleans typed cells. */
export type CellKind = 'text' | 'number' | 'boolean' | 'date-time' | 'date';

/** A column as the writer uses it: where its value is, its headers, its kind and code list. */
export interface SheetColumn {
  path: readonly string[];
  title: Readonly<Record<Language, string>>;
  kind: CellKind;
  dictionary?: string;
}

/**
 * The columns of an export: the declared ones, else every field of the view schema in its order,
 * a nested object's fields each a column of its own (`owner.name`), headed by the schema's
 * `title` or the field's name, labelled by the code list its schema names (`x-dictionary`). A declared field the view does not have throws, when the resource
 * is declared, not at a request.
 */
export function sheetColumns(view: TObject, declared?: readonly ExportColumn[], where = 'export'): SheetColumn[] {
  if (!declared) return defaults(view, []);
  return declared.map((column) => {
    const path = column.field.split('.');
    const schema = schemaAt(view, path);
    if (!schema) throw new Error(`${where}: column ${column.field} is not a field of the view schema`);
    const fallback = titleOf(schema, column.field);
    return { path, title: column.title ?? { en: fallback, zh: fallback }, kind: kindOf(schema), dictionary: column.dictionary ?? dictionaryOf(schema) };
  });
}

function defaults(object: TObject, prefix: readonly string[]): SheetColumn[] {
  return Object.entries(object.properties).flatMap(([name, schema]) => {
    const path = [...prefix, name];
    const nested = objectOf(schema);
    if (nested) return defaults(nested, path);
    const title = titleOf(schema, path.join('.'));
    return [{ path, title: { en: title, zh: title }, kind: kindOf(schema), dictionary: dictionaryOf(schema) }];
  });
}

function schemaAt(view: TObject, path: readonly string[]): TSchema | undefined {
  let schema: TSchema | undefined = view;
  for (const name of path) {
    const object: TObject | undefined = schema && objectOf(schema);
    schema = object && Object.hasOwn(object.properties, name) ? object.properties[name] : undefined;
  }
  return schema;
}

/** The schema without its null alternative: `string | null` is a string column. */
function nonNull(schema: TSchema): TSchema {
  const options = (schema.anyOf as TSchema[] | undefined)?.filter((s) => s.type !== 'null');
  return options && options.length === 1 ? options[0] : schema;
}

function objectOf(schema: TSchema): TObject | undefined {
  const plain = nonNull(schema);
  return plain.type === 'object' && plain.properties ? (plain as TObject) : undefined;
}

function kindOf(schema: TSchema): CellKind {
  const plain = nonNull(schema);
  if (plain.type === 'string' && plain.format === 'date-time') return 'date-time';
  if (plain.type === 'string' && plain.format === 'date') return 'date';
  if (plain.type === 'integer' || plain.type === 'number') return 'number';
  if (plain.type === 'boolean') return 'boolean';
  return 'text';
}

/** The code list a schema names (`x-dictionary`, as a generated module's dictionary-bound fields do). */
function dictionaryOf(schema: TSchema): string | undefined {
  const code = (schema['x-dictionary'] ?? nonNull(schema)['x-dictionary']) as unknown;
  return typeof code === 'string' ? code : undefined;
}

function titleOf(schema: TSchema, field: string): string {
  return typeof schema.title === 'string' ? schema.title : field;
}
