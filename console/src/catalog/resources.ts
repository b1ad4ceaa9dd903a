import { fieldOf, fieldsOf, resolve, type FieldSpec, type JsonSchema } from './schema';

/** A node of GET /me/menus. */
export interface MenuNode {
  id: string;
  title: string;
  path: string;
  permission: string;
  /** What the module names the menu's page (`system/user/index`): the key of a page written for it. */
  component: string;
  type: 'directory' | 'menu' | 'button';
  visible: boolean;
  moduleId: string | null;
  children: MenuNode[];
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  $ref?: string;
}

interface Operation {
  'x-permission'?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** The part of the OpenAPI catalog (GET /v3/api-docs) the console reads. */
export interface Catalog {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** A collection the console can draw without code of its own: a list, and what else the API offers on it. */
export interface ResourceSpec {
  /** The collection's path under /api/v1, without the leading slash: the data provider's resource name. */
  name: string;
  title: string;
  /** The menu's path: where the console shows it. */
  route: string;
  columns: FieldSpec[];
  sortable: string[];
  filters: FieldSpec[];
  list: { permission?: string };
  create?: { permission?: string; fields: FieldSpec[] };
  update?: { permission?: string; fields: FieldSpec[]; method: 'PUT' | 'PATCH' };
  remove?: { permission?: string };
  /** `<collection>/export`: the list as a spreadsheet. */
  export?: { permission?: string };
}

const API_PREFIX = '/api/v1';
/** The list parameters every list takes; the rest are its filters. */
const PAGING = new Set(['page', 'pageSize', 'sort', 'cursor']);

/** The menus that are pages (not directories nor buttons), depth first. */
export function menuPages(menus: readonly MenuNode[]): MenuNode[] {
  return menus.flatMap((menu) => [...(menu.type === 'menu' ? [menu] : []), ...menuPages(menu.children ?? [])]);
}

/**
 * A menu's page, found by its permission: a menu names the permission of the list it shows, and
 * the list operation names the same code in `x-permission`. Its siblings in the catalog (POST on
 * the collection, PUT or PATCH and DELETE on `<collection>/{id}`) give the form and delete.
 */
export function resourceFor(menu: MenuNode, catalog: Catalog): ResourceSpec | undefined {
  const components = catalog.components?.schemas ?? {};
  for (const [path, operations] of Object.entries(catalog.paths)) {
    const list = operations.get;
    if (!path.startsWith(API_PREFIX + '/') || !list || list['x-permission'] !== menu.permission || !isList(list)) continue;
    const item = itemPath(catalog, path);
    const itemOps = item ? catalog.paths[item] : {};
    const update = itemOps.put ?? itemOps.patch;
    const parameters = (list.parameters ?? []).filter((parameter) => parameter.in === 'query' && !PAGING.has(parameter.name));
    return {
      name: path.slice(API_PREFIX.length + 1),
      title: menu.title,
      route: menu.path,
      columns: fieldsOf(listItemSchema(list), components),
      sortable: sortFields(list),
      filters: parameters.map((parameter) => fieldOf(parameter.name, resolve(parameter.schema, components) ?? {}, false, components)),
      list: { permission: list['x-permission'] },
      create: operations.post && { permission: operations.post['x-permission'], fields: fieldsOf(bodySchema(operations.post), components) },
      update: update && {
        permission: update['x-permission'],
        fields: fieldsOf(bodySchema(update), components),
        method: itemOps.put ? 'PUT' : 'PATCH',
      },
      remove: itemOps.delete && { permission: itemOps.delete['x-permission'] },
      export: catalog.paths[`${path}/export`]?.get && { permission: catalog.paths[`${path}/export`].get['x-permission'] },
    };
  }
  return undefined;
}

function isList(operation: Operation): boolean {
  return (operation.parameters ?? []).some((parameter) => parameter.name === 'pageSize');
}

/** `<collection>/{x}`, the one item path with a single parameter below the collection. */
function itemPath(catalog: Catalog, collection: string): string | undefined {
  return Object.keys(catalog.paths).find((path) => path.startsWith(collection + '/{') && /^\/\{[^/]+\}$/.test(path.slice(collection.length)));
}

/** The sort whitelist: `x-sort-fields` of the list's `sort` parameter (kernel/http/pagination.ts). */
export function sortFields(list: Operation): string[] {
  const sort = (list.parameters ?? []).find((parameter) => parameter.name === 'sort');
  return sort?.schema?.['x-sort-fields'] ?? [];
}

function bodySchema(operation: Operation): JsonSchema | undefined {
  return operation.requestBody?.content?.['application/json']?.schema;
}

/** The schema of one item of the list's `data.items`. */
function listItemSchema(list: Operation): JsonSchema | undefined {
  const envelope = list.responses?.['200']?.content?.['application/json']?.schema;
  return envelope?.properties?.data?.properties?.items?.items;
}
