import type { TObject, TSchema } from '@sinclair/typebox';
import type { ErrorDefinition } from '../errors/error-definition';
import { defineRoute, type RouteDefinition } from '../http/route';
import type { ModuleContext } from '../module-api/module-context';
import { sheetColumns } from './export-columns';
import type { ResourceDeclaration } from './resource-declaration';
import type { ResourceService } from './resource-service';
import { SPREADSHEET_ANSWER, exportQuery, spreadsheetReply } from './spreadsheet-reply';
import type { SpreadsheetFormat } from './spreadsheet-writer';

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
 * `GET <path>/export`: the list as a spreadsheet, every row its filters select in its order (the
 * list's whitelisted sort), streamed batch by batch, under the resource's own export permission.
 * Columns are the declaration's `export.columns` or the view's fields, checked here, when the
 * resource is declared.
 */
export function exportRoute(declaration: ResourceDeclaration, parts: ExportRouteParts): RouteDefinition {
  const columns = sheetColumns(declaration.schemas.view, declaration.export?.columns, `resource ${declaration.path} export`);
  return defineRoute({
    method: 'GET',
    path: `${declaration.path}/export`,
    permission: parts.permission,
    whenDeclared: true,
    ...parts.docs,
    params: parts.params,
    query: exportQuery(parts.filters),
    list: { sort: declaration.sort, paged: false },
    ...SPREADSHEET_ANSWER,
    response: SPREADSHEET_ANSWER.response as TSchema,
    errors: parts.errors,
    handler: async (request, ctx) => {
      const { format, ...filters } = request.query as Record<string, unknown> & { format: SpreadsheetFormat };
      const service = await parts.scoped(ctx, request.params);
      return spreadsheetReply({ name: declaration.labels.many, format, columns, request, batches: service.batches(request.page, filters), log: ctx.log });
    },
  });
}
