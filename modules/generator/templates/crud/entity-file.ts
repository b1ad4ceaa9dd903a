import type { GeneratedFile } from '../generation-plan';
import { tsString } from '../emit';
import type { Column, CrudModel } from './model';
import { fileText, importLine } from './source';

/** `<base>.entity.ts`: the MikroORM entity, one property per column, each naming its column. */
export function entityFile(model: CrudModel): GeneratedFile {
  const { names, plan, columns } = model;
  const usesNewId = model.id.dbType === 'uuid';
  const usesDefaults = columns.some(takesDatabaseDefault);
  const usesGenerated = columns.some((c) => c.role === 'field' && c.readOnly);
  return {
    path: model.files.entity,
    content: fileText([
      importLine('@atrium/kernel', ['defineEntity', ...(usesNewId ? ['newId'] : [])], ['InferEntity']),
      '',
      ...(usesDefaults
        ? [
            '/**',
            ' * `defaultRaw` tells MikroORM that the database fills the column when an insert leaves it out,',
            ' * so the stored value is read back. The expression itself would only matter to a schema',
            ' * generator, and none runs on this table.',
            ' */',
            `const DATABASE_DEFAULT = 'default';`,
            '',
          ]
        : []),
      ...(usesGenerated
        ? [
            '/**',
            ' * `generated` tells MikroORM that the database alone writes the column (GENERATED ALWAYS): it is',
            ' * never inserted or updated, and read back after both. The text would only matter to a schema',
            ' * generator, and none runs on this table.',
            ' */',
            `const DATABASE_GENERATED = 'by the database';`,
            '',
          ]
        : []),
      '/** A row of the table this module was generated from (README.md), each property naming its column. */',
      `export const ${names.entity} = defineEntity({`,
      `  name: ${tsString(plan.className)},`,
      `  tableName: ${tsString(plan.sourceTable)},`,
      '  properties: (p) => ({',
      ...columns.map((c) => `    ${c.property}: ${property(model, c)},`),
      '  }),',
      '});',
      '',
      `export type ${names.type} = InferEntity<typeof ${names.entity}>;`,
    ]),
  };
}

function property(model: CrudModel, column: Column): string {
  const parts = [column.type.builder, `fieldName(${tsString(column.columnName)})`];
  switch (column.role) {
    case 'id':
      parts.push('primary()');
      if (column.dbType === 'uuid') parts.push('onCreate(() => newId())');
      else if (model.idGenerated) parts.push('autoincrement()');
      break;
    case 'version':
      parts.push('version()');
      break;
    case 'createdAt':
      parts.push(...nullable(column), 'onCreate(() => new Date())');
      break;
    case 'updatedAt':
      // A new record's two times are one instant: the creation time, when the table has one.
      parts.push(
        ...nullable(column),
        model.createdAt ? `onCreate((record) => record.${model.createdAt.property} ?? new Date())` : 'onCreate(() => new Date())',
        'onUpdate(() => new Date())',
      );
      break;
    case 'field':
      parts.push(...nullable(column));
      if (column.readOnly) parts.push('generated(DATABASE_GENERATED)');
      else if (takesDatabaseDefault(column)) parts.push('defaultRaw(DATABASE_DEFAULT)');
      break;
  }
  return parts.join('.');
}

function nullable(column: Column): string[] {
  return column.nullable ? ['nullable()'] : [];
}

/** A field whose default the database supplies when a create leaves it out. */
function takesDatabaseDefault(column: Column): boolean {
  return column.role === 'field' && column.hasDefault && !column.readOnly;
}
