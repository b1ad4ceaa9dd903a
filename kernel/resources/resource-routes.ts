import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { ErrorDefinition } from '../errors/error-definition';
import { KernelErrors } from '../errors/kernel-errors';
import { Paginated } from '../http/pagination';
import { defineRoute, type RouteDefinition } from '../http/route';
import { named, schemaName } from '../http/schema-name';
import type { ModuleContext } from '../module-api/module-context';
import { filterQuerySchema } from './resource-filters';
import { exportRoute } from './resource-export';
import { permissionsOf, type ResourceDeclaration, type ResourceOperation } from './resource-declaration';
import type { ResourceService } from './resource-service';

const { SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, VALIDATION_FAILED_400 } = KernelErrors;

type Docs = { summary: string; description: string };

/** The routes of a declared resource: list, read, create, update, delete, and tree when it has a parent. */
export function resourceRoutes(declaration: ResourceDeclaration, service: (ctx: ModuleContext) => ResourceService): RouteDefinition[] {
  const { path, schemas, within } = declaration;
  const permission = permissionsOf(declaration.permissions);
  const docs = describe(declaration);
  const filters = filterQuerySchema(declaration.filters ?? {});
  // A nested resource's paths name its owner too; every operation resolves it first.
  const ownerParams = within ? { [within.param]: within.schema } : {};
  const collectionParams = within ? Type.Object(ownerParams) : undefined;
  const params = Type.Object({ ...ownerParams, id: schemas.id ?? Type.String({ format: 'uuid' }) });
  const scoped = (ctx: ModuleContext, values: unknown) =>
    within ? service(ctx).within((values as Record<string, string>)[within.param]) : Promise.resolve(service(ctx));
  const ownerGone = within ? [SYSTEM_RESOURCE_NOT_FOUND_404] : [];
  const conflicts: ErrorDefinition[] = Object.values(declaration.unique ?? {}).map((u) => u.error);
  const refused = declaration.references || declaration.tree ? [VALIDATION_FAILED_400] : [];
  const treeErrors = declaration.tree ? [declaration.tree.cycle] : [];
  const inUse = [declaration.inUse, declaration.tree?.hasChildren].filter((e): e is ErrorDefinition => e !== undefined);
  const own = (operation: ResourceOperation) => declaration.errors?.[operation] ?? [];
  const routes: Partial<Record<ResourceOperation, RouteDefinition>> = {
    list: defineRoute({
      method: 'GET',
      path,
      permission: permission.list,
      ...docs.list,
      params: collectionParams,
      query: filters,
      list: { sort: declaration.sort },
      response: Paginated(schemas.view, { estimated: true }),
      errors: unique([...ownerGone, ...own('list')]),
      handler: async ({ params: values, query, page }, ctx) => (await scoped(ctx, values)).list(page, query as Record<string, unknown>),
    }),
    get: defineRoute({
      method: 'GET',
      path: `${path}/{id}`,
      permission: permission.query,
      ...docs.get,
      params,
      response: schemas.view,
      errors: unique([SYSTEM_RESOURCE_NOT_FOUND_404, ...own('get')]),
      handler: async ({ params: values }, ctx) => (await scoped(ctx, values)).get(values.id as string),
    }),
    create: defineRoute({
      method: 'POST',
      path,
      permission: permission.add,
      ...docs.create,
      status: 201,
      params: collectionParams,
      body: schemas.create,
      response: schemas.view,
      errors: unique([...ownerGone, ...refused, ...conflicts, ...own('create')]),
      handler: async ({ params: values, body }, ctx) => (await scoped(ctx, values)).create(body as Record<string, unknown>),
    }),
    update: defineRoute({
      method: 'PUT',
      path: `${path}/{id}`,
      permission: permission.edit,
      ...docs.update,
      params,
      body: schemas.update,
      response: schemas.view,
      errors: unique([SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, ...refused, ...treeErrors, ...conflicts, ...own('update')]),
      handler: async ({ params: values, body }, ctx) => (await scoped(ctx, values)).update(values.id as string, body as Record<string, unknown>),
    }),
    delete: defineRoute({
      method: 'DELETE',
      path: `${path}/{id}`,
      permission: permission.remove,
      ...docs.delete,
      params,
      query: Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1, description: 'The version the caller read' })) }),
      response: Type.Object({}),
      errors: unique([SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, ...inUse, ...own('delete')]),
      handler: async ({ params: values, query }, ctx) => {
        await (await scoped(ctx, values)).remove(values.id as string, (query as { version?: number }).version);
        return {};
      },
    }),
  };
  // No export without an export code (codes spelled out without one), nor of a list the module
  // serves itself: its filters are not the kit's.
  if (permission.export !== undefined && !declaration.omit?.includes('list')) {
    const { export: exported } = permission;
    routes.export = exportRoute(declaration, {
      permission: exported,
      filters,
      params: collectionParams,
      errors: unique([...ownerGone, ...own('export')]),
      docs: docs.export,
      scoped,
    });
  }
  if (declaration.tree) {
    const treeFilters = pick(declaration.filters ?? {}, declaration.tree.filters ?? []);
    const nodeName = `${schemaNameOf(schemas.view)}Node`;
    const fields = declaration.tree.node ? pick(schemas.view.properties, declaration.tree.node) : schemas.view.properties;
    const node = named(
      nodeName,
      Type.Recursive((self) => Type.Object({ ...fields, children: Type.Array(self) }), { $id: nodeName }),
    ) as unknown as TSchema;
    routes.tree = defineRoute({
      method: 'GET',
      path: `${path}/tree`,
      permission: permission.list,
      ...docs.tree,
      params: collectionParams,
      query: filterQuerySchema(treeFilters),
      // `data` is an object, as every response's is (contract 2.1): the roots are its `items`.
      response: Type.Object({ items: Type.Array(node) }),
      errors: unique([...ownerGone, ...own('tree')]),
      handler: async ({ params: values, query }, ctx) => ({ items: await (await scoped(ctx, values)).tree(query as Record<string, unknown>) }),
    });
  }
  // The export before `{id}`: a path's literal segment wins over a parameter either way, but the
  // catalog reads in this order.
  const order: ResourceOperation[] = ['list', 'export', 'tree', 'get', 'create', 'update', 'delete'];
  return order.filter((operation) => !declaration.omit?.includes(operation)).flatMap((operation) => routes[operation] ?? []);
}

function describe({ labels, docs = {}, tree }: ResourceDeclaration): Record<ResourceOperation, Docs> {
  const { one, many } = labels;
  const Many = many[0].toUpperCase() + many.slice(1);
  const generated: Record<ResourceOperation, Docs> = {
    list: { summary: `${Many}, a page at a time`, description: `The ${many}. Filters and sort fields are listed with the parameters.` },
    export: {
      summary: `${Many} as a spreadsheet (xlsx or csv)`,
      description: `Every ${one} the list's filters select, in the list's order (its \`sort\`), streamed as one file: a header row in the caller's language (Accept-Language), coded values shown as their labels. No paging: the file holds every row.`,
    },
    tree: { summary: `${Many} as a tree`, description: `Every ${one} the caller may see, each under its parent, siblings in order.` },
    get: { summary: `One ${one}`, description: `One ${one} by id; 404 SYSTEM_RESOURCE_NOT_FOUND_404 when there is none the caller may see.` },
    create: { summary: `Adds a ${one}`, description: `Creates a ${one}; unique fields taken by another ${one} are 409.` },
    update: {
      summary: 'Changes the fields sent; `version` is the one the caller read',
      description: `What is left out stays as it is. A stale \`version\` is 409 SYSTEM_VERSION_CONFLICT_409${tree ? `; a move under itself or its own descendant is 409` : ''}.`,
    },
    delete: {
      summary: `Removes a ${one}; with \`version\`, only if it is still the one the caller read`,
      description: `A stale \`version\` is 409 SYSTEM_VERSION_CONFLICT_409.`,
    },
  };
  const merged = { ...generated };
  for (const operation of Object.keys(generated) as ResourceOperation[]) merged[operation] = { ...generated[operation], ...docs[operation] };
  return merged;
}

function unique(errors: ErrorDefinition[]): ErrorDefinition[] {
  return [...new Set(errors)];
}

function pick<T>(record: Readonly<Record<string, T>>, names: readonly string[]): Record<string, T> {
  return Object.fromEntries(names.filter((name) => Object.hasOwn(record, name)).map((name) => [name, record[name]]));
}

function schemaNameOf(schema: TObject): string {
  const name = schemaName(schema);
  if (name === undefined) throw new Error('a resource view schema must be named (named("Post", …))');
  return name;
}
