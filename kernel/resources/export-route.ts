import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Principal } from '../auth/principal';
import type { ErrorDefinition } from '../errors/error-definition';
import type { PageRequest } from '../http/pagination';
import { defineRoute, type FileRequest, type MadeFile, type RouteDefinition } from '../http/route';
import type { ModuleContext } from '../module-api/module-context';
import type { BackgroundExports } from '../module-api/background-exports';
import { EXPORT_TASK_ANSWER, ExportTaskSchema } from './export-task-answer';
import type { SheetColumn } from './export-columns';
import { SPREADSHEET_ANSWER, exportQuery, fileReply, spreadsheetFile } from './spreadsheet-reply';
import type { SpreadsheetFormat } from './spreadsheet-writer';

/** The rows of one export: what the filters select, within the caller's tenant and data scope. */
export interface ExportSource {
  /** The rows' views, a batch at a time, in the page's order (its whitelisted sort). */
  batches(page: PageRequest): AsyncIterable<readonly object[]>;
  /** How many rows there are: exactly while at most `limit`, past it an estimate above it (`countPast`). */
  total(limit: number): Promise<number>;
}

export interface ExportRouteDeclaration<F extends TObject, P extends TObject> {
  /** `/posts/export` */
  path: string;
  permission: string;
  summary: string;
  description: string;
  /** The list's filters, as its query schema holds them (without paging or a cursor). */
  filters: F;
  /** The collection's path parameters (a nested resource's owner), if any. */
  params?: P;
  /** The list's sort whitelist (API field → property); none for a list in a fixed order. */
  sort?: Readonly<Record<string, string>>;
  /** The format when the query names none; without it `format` is required. */
  defaultFormat?: SpreadsheetFormat;
  errors?: readonly ErrorDefinition[];
  /** See `ProtectedRoute.whenDeclared`: for exports a kit adds to every module. */
  whenDeclared?: true;
  /** The file's name before the day and the extension (`posts`), and the worksheet's. */
  name: string;
  columns: readonly SheetColumn[];
  /** The rows, for this path and these filters, as the caller (the request's, or the one a task acts for) sees them. */
  source(ctx: ModuleContext, params: Static<P>, filters: Static<F>, caller: Principal): Promise<ExportSource> | ExportSource;
}

/**
 * `GET <collection>/export`: every row the list's filters select as a spreadsheet, streamed batch by
 * batch in the list's order, under its own export permission. Past the threshold of the module
 * contributing `kernel.export-background` (assets), the file is made by a task instead and the
 * route answers it, 201; the task makes the same file through `makeFile`, as the caller.
 */
export function defineExportRoute<F extends TObject, P extends TObject>(declaration: ExportRouteDeclaration<F, P>): RouteDefinition {
  const sourceOf = ({ params, query, principal }: Pick<FileRequest, 'params' | 'query' | 'principal'>, ctx: ModuleContext) => {
    const { format: _format, ...filters } = query;
    return declaration.source(ctx, params as Static<P>, filters as Static<F>, principal);
  };
  const fileOf = (request: FileRequest, source: ExportSource, ctx: ModuleContext): Promise<MadeFile> =>
    spreadsheetFile({
      name: declaration.name,
      format: (request.query.format ?? declaration.defaultFormat) as SpreadsheetFormat,
      columns: declaration.columns,
      request,
      batches: source.batches(request.page),
      log: ctx.log,
    });
  // The generic parameters spelled out: inferred from the declaration's, TypeScript would not finish.
  return defineRoute<TSchema, TSchema, TSchema, TSchema>({
    method: 'GET',
    path: declaration.path,
    permission: declaration.permission,
    whenDeclared: declaration.whenDeclared,
    summary: declaration.summary,
    description: declaration.description,
    params: declaration.params,
    query: exportQuery(declaration.filters as TObject, declaration.defaultFormat) as TSchema,
    list: declaration.sort ? { sort: declaration.sort, paged: false } : undefined,
    ...SPREADSHEET_ANSWER,
    raw: { ...SPREADSHEET_ANSWER.raw, json: { status: 201, response: ExportTaskSchema, description: EXPORT_TASK_ANSWER } },
    response: SPREADSHEET_ANSWER.response as TSchema,
    errors: declaration.errors,
    handler: async (request, ctx) => {
      const fileRequest = request as FileRequest;
      const source = await sourceOf(fileRequest, ctx);
      const task = await inBackground(request.backgroundExports(), declaration.path, fileRequest, source);
      return task ?? fileReply(await fileOf(fileRequest, source, ctx));
    },
    makeFile: async (request, ctx) => fileOf(request, await sourceOf(request, ctx), ctx),
  });
}

/** The task making the file when the rows are past the threshold; undefined to make it now. */
async function inBackground(place: BackgroundExports | undefined, path: string, request: FileRequest, source: ExportSource): Promise<unknown> {
  if (!place) return undefined;
  const threshold = await place.threshold(request.principal);
  if (!(threshold > 0)) return undefined;
  const rows = await source.total(threshold);
  if (rows <= threshold) return undefined;
  const { params, query, language, principal } = request;
  return place.submit({ path, params: params as Record<string, unknown>, query, language, caller: principal, rows });
}
