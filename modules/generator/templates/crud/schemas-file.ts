import type { GeneratedFile } from '../generation-plan';
import { tsString } from '../emit';
import { describe } from './descriptions';
import type { Column, CrudModel } from './model';
import { capitalised } from './naming';
import { fileText, schemaOptions } from './source';

/**
 * `<base>.schemas.ts`: TypeBox schemas of the view, the bodies, the filters and the id. Labels
 * and comments reach the API catalog as `description`s; the view and the bodies are named
 * schemas there (`Book`, `BookCreate`, `BookUpdate`).
 */
export function schemasFile(model: CrudModel): GeneratedFile {
  const { names, columns, version } = model;
  return {
    path: model.files.schemas,
    content: fileText([
      `import { Type, named } from '@atrium/kernel';`,
      '',
      `/** ${capitalised(names.one)} as the API shows it: every column of the table. */`,
      `export const ${names.type}Schema = named('${names.type}', Type.Object({`,
      ...columns.map((c) => `  ${c.property}: ${valueSchema(c, { accepted: false, orNull: c.nullable, description: describe(c) })},`),
      '}));',
      '',
      '/** A create: the required fields, and any of the others. */',
      `export const Create${names.type}Body = named('${names.type}Create', Type.Object({`,
      ...model.createFields.map(({ column, required }) => `  ${column.property}: ${optional(bodySchema(column), !required)},`),
      '}));',
      '',
      `/** An update: any of the fields${version ? ', and the version the caller read' : ''}. */`,
      `export const Update${names.type}Body = named('${names.type}Update', Type.Object({`,
      ...model.updateFields.map((c) => `  ${c.property}: ${optional(bodySchema(c), true)},`),
      version && `  ${version.property}: Type.Integer({ minimum: 1, description: 'The version the caller read' }),`,
      '}));',
      '',
      `/** The list's filters; an absent one does not filter. */`,
      `export const ${names.type}FilterQuery = Type.Object({`,
      ...model.filters.map((f) => `  ${f.name}: ${optional(valueSchema(f.column, { accepted: true, orNull: false, description: f.description }), true)},`),
      '});',
      '',
      `export const IdParams = Type.Object({ id: ${valueSchema(model.id, { accepted: true, orNull: false })} });`,
    ]),
  };
}

interface ValueSchemaOptions {
  /** Held to what the column can store (a value the API accepts), not only to its type. */
  accepted: boolean;
  orNull: boolean;
  description?: string;
}

/** The TypeBox schema of a column's value. */
function valueSchema(column: Column, { accepted, orNull, description }: ValueSchemaOptions): string {
  const { schema, shape, limits } = column.type;
  const value: [string, string][] = [...shape, ...(accepted ? limits : [])];
  const described: [string, string][] = description === undefined ? [] : [['description', tsString(description)]];
  if (!orNull) return `Type.${schema}(${schemaOptions([...value, ...described])})`;
  return `Type.Union([Type.${schema}(${schemaOptions(value)}), Type.Null()]${described.length > 0 ? `, ${schemaOptions(described)}` : ''})`;
}

/** A field of a create or an update body. */
function bodySchema(column: Column): string {
  return valueSchema(column, { accepted: true, orNull: column.nullable, description: describe(column) });
}

function optional(schema: string, isOptional: boolean): string {
  return isOptional ? `Type.Optional(${schema})` : schema;
}
