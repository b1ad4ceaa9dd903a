import type { GeneratedFile } from '../generation-plan';
import { tsString } from '../emit';
import { describe } from './descriptions';
import type { Column, CrudModel } from './model';
import { capitalised } from './naming';
import { fileText, schemaOptions } from './source';

/**
 * `<base>.schemas.ts`: TypeBox schemas of the key, the view and the bodies, each field written
 * once with what its column holds. Labels and comments reach the API catalog as `description`s;
 * the view and the bodies are named schemas there (`Book`, `BookCreate`, `BookUpdate`).
 */
export function schemasFile(model: CrudModel): GeneratedFile {
  const { names, columns, version, id } = model;
  const formFields = model.updateFields;
  const others = columns.filter((c) => c !== id && !formFields.includes(c));
  const required = model.createFields.filter((f) => f.required && f.column !== id).map((f) => f.column);
  const createsKey = model.createFields.some((f) => f.column === id);
  return {
    path: model.files.schemas,
    content: fileText([
      `import { Type, named } from '@atrium/kernel';`,
      '',
      `/** The key, as paths and records carry it. */`,
      `export const ${names.type}Id = ${valueSchema(id)};`,
      '',
      '/** What a create or an update may send, each field as its column holds it. */',
      'const fields = {',
      ...formFields.map((c) => `  ${c.property}: ${valueSchema(c)},`),
      '};',
      'const optional = Type.Partial(Type.Object(fields)).properties;',
      '',
      `/** ${capitalised(names.one)} as the API shows it: every column of the table. */`,
      `export const ${names.type}Schema = named('${names.type}', Type.Object({`,
      `  ${id.property}: ${names.type}Id,`,
      '  ...fields,',
      ...others.map((c) => `  ${c.property}: ${valueSchema(c)},`),
      '}));',
      '',
      `/** A create: ${[...(createsKey ? [id] : []), ...required].map((c) => c.property).join(', ') || 'none of the fields'} required, any of the others. */`,
      `export const ${names.type}Create = named('${names.type}Create', Type.Object({ ${[
        ...(createsKey ? [`${id.property}: ${names.type}Id`] : []),
        '...optional',
        ...required.map((c) => `${c.property}: fields.${c.property}`),
      ].join(', ')} }));`,
      '',
      `/** An update: any of the fields${version ? ', and the version the caller read' : ''}. */`,
      `export const ${names.type}Update = named('${names.type}Update', Type.Object({ ...optional${
        version ? `, ${version.property}: Type.Integer({ minimum: 1, description: 'The version the caller read' })` : ''
      } }));`,
    ]),
  };
}

/** The TypeBox schema of a column's value: its type, what the column can store, its description. */
export function valueSchema(column: Column, { orNull = column.nullable, description = describe(column) } = {}): string {
  const { schema, shape, limits } = column.type;
  const value: [string, string][] = [...shape, ...limits];
  // A dictionary-bound field names its list, so the kit's export shows the labels (export-columns.ts).
  const described: [string, string][] = [
    ['description', tsString(description)],
    ...(column.dictCode ? [["'x-dictionary'", tsString(column.dictCode)] as [string, string]] : []),
  ];
  if (!orNull) return `Type.${schema}(${schemaOptions([...value, ...described])})`;
  return `Type.Union([Type.${schema}(${schemaOptions(value)}), Type.Null()], ${schemaOptions(described)})`;
}
