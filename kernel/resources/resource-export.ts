import type { TObject } from '@sinclair/typebox';
import type { ErrorDefinition } from '../errors/error-definition';
import type { RouteDefinition } from '../http/route';
import type { ModuleContext } from '../module-api/module-context';
import { sheetColumns } from './export-columns';
import { defineExportRoute } from './export-route';
import type { ResourceDeclaration } from './resource-declaration';
import type { ResourceService } from './resource-service';

export interface ExportRouteParts {
  permission: string;
  /** The list's filters, as its query schema holds them. */
  filters: TObject;
  /** The collection's path parameters (a nested resource's owner), if any. */
  params?: TObject;
  errors: readonly ErrorDefinition[];
  docs: { summary: string; description: string };
  /** The service the list uses, confined to the path's owner when there is one. */
  scoped(ctx: ModuleContext, params: unknown): Promise<ResourceService>;
}

/**
 * A resource's `GET <path>/export` (export-route.ts), its rows the list's. Columns are the
 * declaration's `export.columns` or the view's fields, checked here, when the resource is declared.
 */
export function exportRoute(declaration: ResourceDeclaration, parts: ExportRouteParts): RouteDefinition {
  return defineExportRoute({
    path: `${declaration.path}/export`,
    permission: parts.permission,
    whenDeclared: true,
    ...parts.docs,
    filters: parts.filters,
    params: parts.params,
    sort: declaration.sort,
    errors: parts.errors,
    name: declaration.labels.many,
    columns: sheetColumns(declaration.schemas.view, declaration.export?.columns, `resource ${declaration.path} export`),
    source: async (ctx, params, filters) => {
      const service = await parts.scoped(ctx, params);
      return { batches: (page) => service.batches(page, filters), total: (limit) => service.total(filters, limit) };
    },
  });
}
