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
        { from: model.files.schemas, values: [`Create${names.type}Body`, 'IdParams', `${names.type}FilterQuery`, `${names.type}Schema`, `Update${names.type}Body`] },
        { from: model.files.service, values: [names.service] },
      ]),
      '',
      '/** Stateless: one per call, always on the request\'s EntityManager. */',
      `const service = (ctx: ModuleContext) => new ${names.service}(ctx);`,
      '',
      `export const ${names.routes.list} = defineRoute({`,
      `  method: 'GET',`,
      `  path: ${path},`,
      `  permission: ${permission('list')},`,
      `  summary: '${names.type} records, a page at a time',`,
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
      version
        ? `  summary: 'Changes the fields sent; \`${version.property}\` is the one the caller read',`
        : `  summary: 'Changes the fields sent',`,
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
