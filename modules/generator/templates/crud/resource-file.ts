import type { GeneratedFile } from '../generation-plan';
import { tsString } from '../emit';
import type { Filter } from './filters';
import type { Column, CrudModel } from './model';
import { valueSchema } from './schemas-file';
import { fileText, importLine, localImports, propertyKey } from './source';

/**
 * `<base>.resource.ts`: the one `defineResource` call that gives the module its routes, catalog
 * entries, audit records and optimistic versions — filters, sort whitelist, the 409s of the
 * table's unique indexes and foreign keys — and what is special as hooks: the dictionary check
 * of dictionary-bound fields, a key the caller chose that another record holds.
 */
export function resourceFile(model: CrudModel): GeneratedFile {
  const { names, plan, id, filters } = model;
  const checksDictionaries = model.dictionaryFields.length > 0;
  const kernel = [
    'defineResource',
    ...(filters.some((f) => f.operator === '$ilike') ? ['contains'] : []),
    ...(filters.some((f) => f.operator === undefined) ? ['equals'] : []),
    ...(filters.some((f) => f.operator !== undefined && f.operator !== '$ilike') ? ['filterBy'] : []),
    ...(filters.length > 0 ? ['Type'] : []),
    ...(checksDictionaries || model.checksTakenKey ? ['AppError'] : []),
    ...(checksDictionaries ? ['KernelErrors'] : []),
  ];
  return {
    path: model.files.resource,
    content: fileText([
      importLine('@atrium/kernel', kernel, checksDictionaries ? ['ErrorDetail', 'ModuleContext'] : []),
      checksDictionaries && `import { DictionariesApi } from '@atrium/module/dictionaries';`,
      ...localImports([
        model.ownErrors && { from: 'errors.ts', values: [names.errors] },
        { from: model.files.entity, values: [names.entity] },
        { from: model.files.schemas, values: [`${names.type}Create`, `${names.type}Id`, `${names.type}Schema`, `${names.type}Update`] },
      ]),
      '',
      ...(checksDictionaries ? dictionaryCheck(model) : []),
      `/** The ${names.many} the module serves: the rows of the table README.md names. */`,
      `export const ${names.resource} = defineResource({`,
      `  path: ${tsString(plan.resourcePath)},`,
      `  entity: ${names.entity},`,
      ...(id.property === 'id' ? [] : [`  key: '${id.property}',`]),
      `  labels: { one: ${tsString(names.words)}, many: ${tsString(names.many)} },`,
      `  permissions: ${tsString(plan.permissionPrefix)},`,
      `  schemas: { view: ${names.type}Schema, create: ${names.type}Create, update: ${names.type}Update, id: ${names.type}Id },`,
      ...(filters.length > 0 ? ['  filters: {', ...filters.map((f) => `    ${f.name}: ${filterOf(f)},`), '  },'] : []),
      `  sort: { ${model.sortable.map((c) => `${c.property}: '${c.property}'`).join(', ')} },`,
      `  defaultSort: ${model.createdAt ? `{ ${model.createdAt.property}: 'desc' }` : `{ ${id.property}: 'asc' }`},`,
      ...(model.unique.length > 0
        ? [
            `  unique: {`,
            ...model.unique.map((u) => `    ${propertyKey(u.name)}: { error: ${duplicated(model)}, field: '/body/${propertyOf(model, u.columns[0])}' },`),
            '  },',
          ]
        : []),
      ...(model.references.length > 0
        ? ['  references: {', ...model.references.map((k) => `    ${propertyKey(k.name)}: '/body/${propertyOf(model, k.columns[0])}',`), '  },']
        : []),
      model.inUse && `  inUse: ${names.errors}.${names.inUseError},`,
      ...hooks(model),
      `  docs: { list: { description: ${tsString(`The ${names.many}: the rows of the table ${plan.sourceTable}. Filters and sort fields are listed with the parameters.`)} } },`,
      '});',
    ]),
  };
}

/** A list filter as the kit declares it; its value is held to what the column can store. */
function filterOf(filter: Filter<Column>): string {
  const { column, operator, description } = filter;
  if (operator === '$ilike') return `contains(['${column.property}'], ${tsString(description)}${column.length === null ? '' : `, ${column.length}`})`;
  const schema = valueSchema(column, { orNull: false, description });
  if (operator === undefined) return `equals('${column.property}', ${schema})`;
  return `filterBy(${schema}, (value) => ({ ${column.property}: { ${operator}: value } }))`;
}

function hooks(model: CrudModel): string[] {
  const { names, id } = model;
  const checksDictionaries = model.dictionaryFields.length > 0;
  if (!checksDictionaries && !model.checksTakenKey) return [];
  return [
    '  hooks: {',
    // Outside the write's transaction: the dictionaries module reads on a connection of its own.
    ...(checksDictionaries ? ['    checkWrite: checkDictionaries,'] : []),
    ...(model.checksTakenKey
      ? [
          '    async beforeCreate(fields, { em }) {',
          `      if ((await em.count(${names.entity}, { ${id.property}: fields.${id.property} as ${id.type.tsType} })) > 0) {`,
          `        throw new AppError(${duplicated(model)}, { details: [{ field: '/body/${id.property}', rule: 'unique', message: 'is already taken' }] });`,
          '      }',
          '    },',
        ]
      : []),
    '  },',
  ];
}

/** The values of dictionary-bound fields must be items of their dictionary; absent and null pass. */
function dictionaryCheck(model: CrudModel): string[] {
  return [
    '/** Dictionary-bound fields, each with its dictionary: a value sent must be one of its active items. */',
    `const DICTIONARIES = { ${model.dictionaryFields.map((c) => `${c.property}: ${tsString(c.dictCode!)}`).join(', ')} };`,
    '',
    'async function checkDictionaries(fields: Record<string, unknown>, ctx: ModuleContext): Promise<void> {',
    '  const problems: ErrorDetail[] = [];',
    '  for (const [field, code] of Object.entries(DICTIONARIES)) {',
    '    const value = fields[field];',
    '    if (value === undefined || value === null) continue;',
    '    const items = await ctx.use(DictionariesApi).items(code);',
    "    if (!items.some((item) => item.value === String(value))) problems.push({ field: `/body/${field}`, rule: 'dictionary', message: `is not a value of the dictionary ${code}` });",
    '  }',
    '  if (problems.length > 0) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: problems });',
    '}',
    '',
  ];
}

function duplicated(model: CrudModel): string {
  return `${model.names.errors}.${model.names.duplicatedError}`;
}

/** The property that maps a column of the table. */
function propertyOf(model: CrudModel, columnName: string): string {
  return model.columns.find((c) => c.columnName === columnName)!.property;
}
