import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { GeneratorErrors } from './errors';
import {
  AvailableTableSchema,
  IdParams,
  ImportTableBody,
  KeywordQuery,
  TableSchema,
  TableSummarySchema,
  TemplateSchema,
  UpdateTableBody,
} from './generator.schemas';
import { TableConfigService } from './table-config.service';
import { TEMPLATES } from './templates/registry';

/** Stateless: one per call, always on the request's EntityManager. */
const tables = (ctx: ModuleContext) => new TableConfigService(ctx);

export const listTemplates = defineRoute({
  method: 'GET',
  path: '/generator/templates',
  permission: 'generator:table:list',
  summary: 'The templates modules can be generated with, each a versioned id',
  description: 'Each template with its versioned id and what it generates. A configuration names the template it is rendered with.',
  list: { sort: { id: 'id', version: 'version' } },
  response: Paginated(TemplateSchema),
  handler: ({ page }) => page.slice(TEMPLATES.map(({ id, version, name, description }) => ({ id, version, name, description }))),
});

export const listAvailableTables = defineRoute({
  method: 'GET',
  path: '/generator/tables/available',
  permission: 'generator:table:list',
  summary: 'Tables of the database that no module owns and that are not imported yet',
  description: 'Tables of the database that no module owns and that are not imported yet: the ones `POST /generator/tables` accepts.',
  query: KeywordQuery,
  list: { sort: { tableName: 'tableName' } },
  response: Paginated(AvailableTableSchema),
  handler: ({ query, page }, ctx) => tables(ctx).available(page, query.keyword),
});

export const listTables = defineRoute({
  method: 'GET',
  path: '/generator/tables',
  permission: 'generator:table:list',
  summary: 'Imported tables, a page at a time',
  description:
    'The tables imported into the generator, each with its class name, module id, resource path and version of the configuration. Filters and sort fields are listed with the parameters.',
  query: KeywordQuery,
  list: { sort: { tableName: 'tableName', moduleId: 'moduleId', createdAt: 'createdAt', generatedAt: 'generatedAt' } },
  response: Paginated(TableSummarySchema),
  handler: ({ query, page }, ctx) => tables(ctx).list(page, query.keyword),
});

export const importTable = defineRoute({
  method: 'POST',
  path: '/generator/tables',
  permission: 'generator:table:import',
  summary: 'Imports a table: reads its columns from the catalog and stores a proposed configuration',
  description:
    "Reads the table's columns, keys and constraints from the database and proposes a configuration (names, types, which columns are listed, filtered and required) to edit before generating. A table that does not exist is 404 GENERATOR_TABLE_NOT_FOUND_404; one already imported, 409 GENERATOR_TABLE_IMPORTED_409; a shape the generator cannot serve, 400 GENERATOR_TABLE_UNSUPPORTED_400.",
  status: 201,
  body: ImportTableBody,
  response: TableSchema,
  errors: [GeneratorErrors.GENERATOR_TABLE_NOT_FOUND_404, GeneratorErrors.GENERATOR_TABLE_IMPORTED_409, GeneratorErrors.GENERATOR_TABLE_UNSUPPORTED_400],
  handler: ({ body }, ctx) => tables(ctx).importTable(body.tableName),
});

export const getTable = defineRoute({
  method: 'GET',
  path: '/generator/tables/{id}',
  permission: 'generator:table:query',
  summary: 'An imported table and its configuration',
  description: 'The configuration as stored, with every column, its type as read from the database and its settings.',
  params: IdParams,
  response: TableSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => tables(ctx).get(params.id),
});

export const updateTable = defineRoute({
  method: 'PUT',
  path: '/generator/tables/{id}',
  permission: 'generator:table:edit',
  summary: 'Changes the configuration: the settings sent, per column by `columnName`; `version` is the one the caller read',
  description:
    "Only the settings sent change; columns are matched by `columnName`. The configuration is held to the manifest's rules (module id, permission prefix, resource path): a broken rule is 400 naming the field; a module id another module already uses is 409 GENERATOR_MODULE_EXISTS_409.",
  params: IdParams,
  body: UpdateTableBody,
  response: TableSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, KernelErrors.SYSTEM_VERSION_CONFLICT_409, GeneratorErrors.GENERATOR_MODULE_EXISTS_409],
  handler: ({ params, body: { version, ...change } }, ctx) => tables(ctx).update(params.id, change, version),
});

export const syncTable = defineRoute({
  method: 'POST',
  path: '/generator/tables/{id}/sync',
  permission: 'generator:table:edit',
  summary: 'Reads the table again after it changed; columns that kept their name and type keep their settings',
  description:
    "Reads the table's columns again: a column that kept its name and type keeps its settings, a new column gets proposed ones, a dropped one leaves.",
  params: IdParams,
  query: Type.Object({ version: Type.Integer({ minimum: 1, description: 'The version the caller read' }) }),
  response: TableSchema,
  errors: [
    KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404,
    KernelErrors.SYSTEM_VERSION_CONFLICT_409,
    GeneratorErrors.GENERATOR_TABLE_NOT_FOUND_404,
    GeneratorErrors.GENERATOR_TABLE_UNSUPPORTED_400,
  ],
  handler: ({ params, query }, ctx) => tables(ctx).sync(params.id, query.version),
});

export const deleteTable = defineRoute({
  method: 'DELETE',
  path: '/generator/tables/{id}',
  permission: 'generator:table:remove',
  summary: 'Forgets an imported table; a module generated from it stays',
  description: 'Forgets the configuration only: a module already generated from it keeps running and keeps its files.',
  params: IdParams,
  query: Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) }),
  response: Type.Object({}),
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, KernelErrors.SYSTEM_VERSION_CONFLICT_409],
  handler: async ({ params, query }, ctx) => {
    await tables(ctx).remove(params.id, query.version);
    return {};
  },
});
