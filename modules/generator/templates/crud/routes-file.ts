import type { GeneratedFile } from '../generation-plan';
import { tsString } from '../emit';
import type { CrudModel } from './model';
import { fileText, importLine, localImports } from './source';

/** `<base>.routes.ts`: the five routes, declared as `posts/posts.routes.ts` declares them. */
export function routesFile(model: CrudModel): GeneratedFile {
  const { names, plan, version } = model;
  const path = tsString(plan.resourcePath);
  const itemPath = tsString(`${plan.resourcePath}/{id}`);
  const permission = (action: string) => tsString(`${plan.permissionPrefix}:${action}`);
  const duplicated = model.conflicts ? [`${names.errors}.${names.duplicatedError}`] : [];
  const updateConflicts = model.unique.length > 0 ? duplicated : [];
  const inUse = model.inUse ? [`${names.errors}.${names.inUseError}`] : [];
  const notFound = 'KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404';
  const conflict = version ? ['KernelErrors.SYSTEM_VERSION_CONFLICT_409'] : [];
  const sort = model.sortable.map((c) => `${c.property}: '${c.property}'`);
  return {
    path: model.files.routes,
    content: fileText([
      importLine('@atrium/kernel', ['KernelErrors', 'Paginated', 'Type', 'defineRoute'], ['ModuleContext']),
      ...localImports([
        model.ownErrors && { from: 'errors.ts', values: [names.errors] },
        {
          from: model.files.schemas,
          values: [`Create${names.type}Body`, 'IdParams', `${names.type}FilterQuery`, `${names.type}Schema`, `Update${names.type}Body`],
        },
        { from: model.files.service, values: [names.service] },
      ]),
      '',
      "/** Stateless: one per call, always on the request's EntityManager. */",
      `const service = (ctx: ModuleContext) => new ${names.service}(ctx);`,
      '',
      `export const ${names.routes.list} = defineRoute({`,
      `  method: 'GET',`,
      `  path: ${path},`,
      `  permission: ${permission('list')},`,
      `  summary: '${names.type} records, a page at a time',`,
      `  description: ${tsString(`Every ${names.type} record, a page at a time. The filters and sort fields are listed with the parameters.`)},`,
      `  query: ${names.type}FilterQuery,`,
      `  list: { sort: ${sort.length > 0 ? `{ ${sort.join(', ')} }` : '{}'} },`,
      `  response: Paginated(${names.type}Schema),`,
      '  handler: ({ query, page }, ctx) => service(ctx).list(page, query),',
      '});',
      '',
      `export const ${names.routes.get} = defineRoute({`,
      `  method: 'GET',`,
      `  path: ${itemPath},`,
      `  permission: ${permission('query')},`,
      `  summary: 'One ${names.type} record',`,
      `  description: ${tsString(`The ${names.type} record with this key; 404 SYSTEM_RESOURCE_NOT_FOUND_404 when there is none.`)},`,
      '  params: IdParams,',
      `  response: ${names.type}Schema,`,
      `  errors: [${notFound}],`,
      '  handler: ({ params }, ctx) => service(ctx).get(params.id),',
      '});',
      '',
      `export const ${names.routes.create} = defineRoute({`,
      `  method: 'POST',`,
      `  path: ${path},`,
      `  permission: ${permission('add')},`,
      `  summary: 'Adds a ${names.type} record',`,
      `  description: ${tsString(`Adds a record from the fields sent; the schema lists the ones required.${duplicated.length > 0 ? ' A value already taken in a unique column is 409.' : ''}`)},`,
      '  status: 201,',
      `  body: Create${names.type}Body,`,
      `  response: ${names.type}Schema,`,
      duplicated.length > 0 && `  errors: [${duplicated.join(', ')}],`,
      '  handler: ({ body }, ctx) => service(ctx).create(body),',
      '});',
      '',
      `export const ${names.routes.update} = defineRoute({`,
      `  method: 'PUT',`,
      `  path: ${itemPath},`,
      `  permission: ${permission('edit')},`,
      version ? `  summary: 'Changes the fields sent; \`${version.property}\` is the one the caller read',` : `  summary: 'Changes the fields sent',`,
      `  description: ${tsString(`Changes only the fields sent; what is left out stays as it is.${version ? ` A stale \`${version.property}\` is 409 SYSTEM_VERSION_CONFLICT_409.` : ''}`)},`,
      '  params: IdParams,',
      `  body: Update${names.type}Body,`,
      `  response: ${names.type}Schema,`,
      `  errors: [${[notFound, ...conflict, ...updateConflicts].join(', ')}],`,
      version
        ? `  handler: ({ params, body: { ${version.property}, ...change } }, ctx) => service(ctx).update(params.id, change, ${version.property}),`
        : '  handler: ({ params, body }, ctx) => service(ctx).update(params.id, body),',
      '});',
      '',
      `export const ${names.routes.delete} = defineRoute({`,
      `  method: 'DELETE',`,
      `  path: ${itemPath},`,
      `  permission: ${permission('remove')},`,
      version
        ? `  summary: 'Removes a ${names.type} record; with \`${version.property}\`, only if it is still the one the caller read',`
        : `  summary: 'Removes a ${names.type} record',`,
      `  description: ${tsString(`Removes the record; 404 when there is none.${version ? ` With \`${version.property}\`, a record changed since it was read is 409 SYSTEM_VERSION_CONFLICT_409.` : ''}`)},`,
      '  params: IdParams,',
      version && `  query: Type.Object({ ${version.property}: Type.Optional(Type.Integer({ minimum: 1 })) }),`,
      '  response: Type.Object({}),',
      `  errors: [${[notFound, ...conflict, ...inUse].join(', ')}],`,
      version
        ? `  handler: async ({ params, query }, ctx) => {\n    await service(ctx).remove(params.id, query.${version.property});\n    return {};\n  },`
        : '  handler: async ({ params }, ctx) => {\n    await service(ctx).remove(params.id);\n    return {};\n  },',
      '});',
    ]),
  };
}
