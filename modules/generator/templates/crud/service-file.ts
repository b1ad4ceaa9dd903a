import type { GeneratedFile } from '../generation-plan';
import { tsString } from '../emit';
import type { Filter } from './filters';
import type { Column, CrudModel } from './model';
import { dateOfFunction, fromApi, toViewFunction } from './record-mapping';
import { serviceDeclarations } from './service-declarations';
import { fileText, importLine, localImports } from './source';

/**
 * `<base>.service.ts`: the module's logic, as `posts/post.service.ts` writes it — list, get,
 * create, update, remove — with the audit record of every change, the version check when the
 * table has a version column, and the dictionary check of dictionary-bound fields.
 */
export function serviceFile(model: CrudModel): GeneratedFile {
  const { names, version, dictionaryFields } = model;
  const checksDictionaries = dictionaryFields.length > 0;
  const kernel = [
    'escapeLike',
    'flushChanges',
    'notFound',
    'recordChange',
    ...(version ? ['checkVersion'] : []),
    ...(checksDictionaries || !model.idGenerated ? ['AppError'] : []),
    ...(checksDictionaries ? ['KernelErrors'] : []),
  ];
  const kernelTypes = ['ModuleContext', 'Page', 'PageRequest', ...(checksDictionaries ? ['ErrorDetail'] : [])];
  return {
    path: model.files.service,
    content: fileText([
      `import type { ObjectQuery } from '@mikro-orm/core';`,
      `import type { EntityManager } from '@mikro-orm/postgresql';`,
      importLine('@atrium/kernel', kernel, kernelTypes),
      checksDictionaries && `import { DictionariesApi } from '@atrium/module/dictionaries';`,
      ...localImports([
        model.ownErrors && { from: 'errors.ts', values: [names.errors] },
        { from: model.files.entity, values: [names.entity], types: [names.type] },
      ]),
      '',
      ...serviceDeclarations(model),
      `/** The ${names.words} records. Handlers call it and return what it returns; every failure it throws is catalogued. */`,
      `export class ${names.service} {`,
      '  constructor(private readonly ctx: ModuleContext) {}',
      '',
      ...listMethod(model),
      '',
      `  async get(id: ${idType(model)}): Promise<${names.view}> {`,
      '    return toView(await load(this.ctx.db.em(), id));',
      '  }',
      '',
      ...createMethod(model),
      '',
      ...updateMethod(model),
      '',
      ...removeMethod(model),
      ...(checksDictionaries ? ['', ...dictionaryCheck(model)] : []),
      '}',
      '',
      ...loadFunction(model),
      '',
      ...toViewFunction(model),
      ...(model.createFields.some((f) => f.column.type.timestamp) ? ['', ...dateOfFunction()] : []),
    ]),
  };
}

function listMethod(model: CrudModel): string[] {
  const { names, id, createdAt, filters } = model;
  const fallback = createdAt ? `{ ${createdAt.property}: 'desc', ${id.property}: 'desc' }` : `{ ${id.property}: 'asc' }`;
  return [
    `  async list(page: PageRequest, filters: ${names.type}Filters): Promise<Page<${names.view}>> {`,
    ...(filters.length > 0
      ? [
          '    // Built anew for each use: a query builder takes over the conditions it is given.',
          `    const where = (): ObjectQuery<${names.type}> => {`,
          `      const conditions: ObjectQuery<${names.type}>[] = [];`,
          ...filters.map((f) => `      if (filters.${f.name} !== undefined) conditions.push({ ${f.column.property}: ${condition(f)} });`),
          '      return { $and: conditions };',
          '    };',
        ]
      : [`    const where = (): ObjectQuery<${names.type}> => ({});`]),
    createdAt
      ? '    // Newest first unless the caller sorts; the id breaks ties, so pages never overlap.'
      : '    // By id unless the caller sorts; the id breaks ties, so pages never overlap.',
    `    const sort = page.orderBy(${fallback});`,
    `    const orderBy = { ...sort, ${id.property}: sort.${id.property} ?? 'asc' };`,
    '    const em = this.ctx.db.em();',
    '    // The page and its total in one statement, read as rows, not entities: the list is the',
    '    // busiest route, and building entities costs more than the query.',
    `    const total = em.createQueryBuilder(${names.entity}, 'c').count().where(where());`,
    '    const rows = await em',
    `      .createQueryBuilder(${names.entity}, 'r')`,
    `      .select([...COLUMNS, total.as('${model.totalAlias}')])`,
    '      .where(where())',
    '      .orderBy(orderBy)',
    '      .limit(page.limit)',
    '      .offset(page.offset)',
    `      .execute<${names.type}Row[]>('all', true);`,
    '    // The total rides on the rows: a page past the end has none to carry it.',
    `    const count = rows.length > 0 ? Number(rows[0].${model.totalAlias}) : page.offset === 0 ? 0 : await em.count(${names.entity}, where());`,
    '    return page.result(rows.map(toView), count);',
    '  }',
  ];
}

/** The condition a filter puts on its column. */
function condition(filter: Filter<Column>): string {
  const value = filter.column.type.timestamp ? `new Date(filters.${filter.name})` : `filters.${filter.name}`;
  if (filter.operator === undefined) return value;
  if (filter.operator === '$ilike') return `{ $ilike: \`%\${escapeLike(filters.${filter.name})}%\` }`;
  return `{ ${filter.operator}: ${value} }`;
}

function createMethod(model: CrudModel): string[] {
  const { names } = model;
  return [
    `  async create(input: ${names.type}Input): Promise<${names.view}> {`,
    ...(model.dictionaryFields.length > 0 ? ['    await this.checkDictionaries(input);'] : []),
    '    const em = this.ctx.db.em();',
    ...(model.idGenerated ? [] : takenIdCheck(model)),
    `    const record = em.create(${names.entity}, {`,
    ...model.createFields.map(({ column }) => `      ${column.property}: ${fromApi(column, `input.${column.property}`)},`),
    '    });',
    `    await flushChanges(em${writeGuards(model)});`,
    '    const view = toView(record);',
    `    recordChange({ resource: '${names.base}', id: ${auditId(model)}, action: 'create', after: view });`,
    '    return view;',
    '  }',
  ];
}

/** The caller chooses the id: one that is taken is a conflict (of two creates that race, the primary key refuses one with the same 409). */
function takenIdCheck(model: CrudModel): string[] {
  const { names, id } = model;
  return [
    `    if (await em.findOne(${names.entity}, { ${id.property}: input.${id.property} })) {`,
    `      throw new AppError(${names.errors}.${names.duplicatedError}, { details: [{ field: '/body/${id.property}', rule: 'unique', message: 'is already taken' }] });`,
    '    }',
  ];
}

function updateMethod(model: CrudModel): string[] {
  const { names, version } = model;
  const parameters = `id: ${idType(model)}, change: ${names.type}Change${version ? ', version: number' : ''}`;
  return [
    `  async update(${parameters}): Promise<${names.view}> {`,
    ...(model.dictionaryFields.length > 0 ? ['    await this.checkDictionaries(change);'] : []),
    '    const em = this.ctx.db.em();',
    '    const record = await load(em, id);',
    ...(version ? [`    checkVersion(record.${version.property}, version);`] : []),
    '    const before = toView(record);',
    ...model.updateFields.map((c) => `    if (change.${c.property} !== undefined) record.${c.property} = ${fromApi(c, `change.${c.property}`)};`),
    `    await flushChanges(em${writeGuards(model)});`,
    '    const after = toView(record);',
    `    recordChange({ resource: '${names.base}', id: ${auditId(model)}, action: 'update', before, after });`,
    '    return after;',
    '  }',
  ];
}

function removeMethod(model: CrudModel): string[] {
  const { names, version } = model;
  return [
    `  async remove(id: ${idType(model)}${version ? ', version?: number' : ''}): Promise<void> {`,
    '    const em = this.ctx.db.em();',
    '    const record = await load(em, id);',
    ...(version ? [`    checkVersion(record.${version.property}, version, '/query/version');`] : []),
    '    const before = toView(record);',
    '    em.remove(record);',
    `    await flushChanges(em${removeGuards(model)});`,
    `    recordChange({ resource: '${names.base}', id: ${auditId(model)}, action: 'delete', before });`,
    '  }',
  ];
}

function dictionaryCheck(model: CrudModel): string[] {
  const { names } = model;
  return [
    '  /** The values of dictionary-bound fields must be items of their dictionary; absent and null pass. */',
    `  private async checkDictionaries(fields: ${names.type}Change): Promise<void> {`,
    '    const problems = [',
    ...model.dictionaryFields.map((c) => `      await this.dictionaryProblem('/body/${c.property}', ${tsString(c.dictCode!)}, fields.${c.property}),`),
    '    ].filter((problem) => problem !== undefined);',
    '    if (problems.length > 0) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: problems });',
    '  }',
    '',
    '  private async dictionaryProblem(field: string, code: string, value: string | number | boolean | null | undefined): Promise<ErrorDetail | undefined> {',
    '    if (value === undefined || value === null) return undefined;',
    '    const items = await this.ctx.use(DictionariesApi).items(code);',
    '    if (items.some((item) => item.value === String(value))) return undefined;',
    "    return { field, rule: 'dictionary', message: `is not a value of the dictionary ${code}` };",
    '  }',
  ];
}

function loadFunction(model: CrudModel): string[] {
  const { names, id } = model;
  const where = id.property === 'id' ? '{ id }' : `{ ${id.property}: id }`;
  return [
    `async function load(em: EntityManager, id: ${idType(model)}): Promise<${names.type}> {`,
    `  const record = await em.findOne(${names.entity}, ${where});`,
    `  if (!record) throw notFound('${names.words}', ${id.type.tsType === 'string' ? 'id' : 'String(id)'});`,
    '  return record;',
    '}',
  ];
}

function idType(model: CrudModel): string {
  return model.id.type.tsType;
}

function auditId(model: CrudModel): string {
  const value = `record.${model.id.property}`;
  return model.id.type.tsType === 'string' ? value : `String(${value})`;
}

/** What a create or an update tells flushChanges: the unique indexes, the foreign keys. */
function writeGuards(model: CrudModel): string {
  const unique = model.unique.length > 0 ? 'UNIQUE' : '{}';
  if (model.references.length > 0) return `, ${unique}, { references: REFERENCES }`;
  return model.unique.length > 0 ? ', UNIQUE' : '';
}

/** What a delete tells flushChanges: the conflict of a record other tables refer to. */
function removeGuards(model: CrudModel): string {
  return model.inUse ? `, {}, { inUse: ${model.names.errors}.${model.names.inUseError} }` : '';
}
