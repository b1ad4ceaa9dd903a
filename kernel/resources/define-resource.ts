import type { TObject } from '@sinclair/typebox';
import { rowScoped, type RowScopedEntity } from '../auth/row-scope';
import type { RouteDefinition } from '../http/route';
import type { AnyEntitySchema } from '../db/database';
import type { ModuleContext } from '../module-api/module-context';
import type { ResourceDeclaration, Row } from './resource-declaration';
import { resourceRoutes } from './resource-routes';
import { ResourceService } from './resource-service';
import { schemaView } from './resource-view';

/** A declared resource: what the module wires into `defineModule`, and its service for its own code. */
export interface Resource {
  readonly declaration: ResourceDeclaration;
  /** list, (tree,) read, create, update and delete, in that order. */
  readonly routes: readonly RouteDefinition[];
  readonly entity: AnyEntitySchema;
  /** The data-scope mapping, for `defineModule({ rowScoped })`, when the declaration has one. */
  readonly rowScoped: readonly RowScopedEntity[];
  /** The reads and writes the routes run, for the module's own routes and APIs. */
  service(ctx: ModuleContext): ResourceService;
  /** The view of a stored row. */
  view(row: Row): Record<string, unknown>;
}

/**
 * Declares a resource once — entity, schemas, filters, sort whitelist, data scope, permissions,
 * uniqueness, tree — and gets its routes (with their catalog entries), optimistic versions, audit
 * records and data scope. What is special goes in `hooks`. Mistakes in the declaration (a sort
 * or filter naming no property, a view property the entity lacks) throw here, when the module
 * is loaded, not at a request.
 */
export function defineResource<V extends TObject, C extends TObject, U extends TObject>(declaration: ResourceDeclaration<V, C, U>): Resource {
  const plain = declaration as unknown as ResourceDeclaration;
  checkDeclaration(plain);
  const view = (plain.view as ((row: Row) => Record<string, unknown>) | undefined) ?? schemaView(plain.schemas.view);
  const service = (ctx: ModuleContext) => new ResourceService(plain, view, ctx);
  return {
    declaration: plain,
    routes: resourceRoutes(plain, service),
    entity: plain.entity as AnyEntitySchema,
    rowScoped: plain.scope ? [rowScoped(plain.entity as RowScopedEntity['entity'], plain.scope)] : [],
    service,
    view,
  };
}

function checkDeclaration(declaration: ResourceDeclaration): void {
  const properties = entityProperties(declaration);
  const unknown = (what: string, names: Iterable<string>) => {
    const missing = [...names].filter((name) => !properties.has(name));
    if (missing.length > 0) throw new Error(`resource ${declaration.path}: ${what} ${missing.join(', ')} not properties of the entity`);
  };
  unknown('sort fields', Object.values(declaration.sort));
  unknown('default sort fields', Object.keys(declaration.defaultSort));
  if (!declaration.view && !declaration.views) unknown('view fields', Object.keys(declaration.schemas.view.properties));
  if (declaration.tree) unknown('tree parent', [declaration.tree.parent]);
  if (declaration.key) unknown('key', [declaration.key]);
  const outsideView = (declaration.tree?.node ?? []).filter((name) => !Object.hasOwn(declaration.schemas.view.properties, name));
  if (outsideView.length > 0) throw new Error(`resource ${declaration.path}: tree node fields ${outsideView.join(', ')} not in the view schema`);
}

function entityProperties(declaration: ResourceDeclaration): Set<string> {
  const meta = (declaration.entity as { meta: { properties: Record<string, unknown> } }).meta;
  return new Set(Object.keys(meta.properties));
}
