import type { TObject, TSchema } from '@sinclair/typebox';
import { CatalogSchemas, type SchemaUse } from './catalog-schemas';
import { CATALOG_HEADERS, REQUEST_ID_PARAMETER, errorResponse, errorsByStatus, responseHeaders } from './catalog-responses';
import { routeQuerySchema } from './compile-route';
import { isPublic, type RouteDefinition } from './route';
import { routeTemplate, type RouteEntry } from './route-table';
import type { OperationNotes } from './openapi-notes';

type Json = Record<string, unknown>;

const ERROR_SCHEMA = {
  type: 'object',
  required: ['code', 'message', 'details', 'traceId'],
  properties: {
    code: { type: 'string', description: '`{PREFIX}_{REASON}_{HTTP}`; see GET /api/v1/system/error-codes.' },
    message: { type: 'string', description: 'Localised by Accept-Language (en, zh).' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message'],
        properties: { field: { type: 'string', description: 'JSON pointer into the request.' }, rule: { type: 'string' }, message: { type: 'string' } },
      },
    },
    traceId: { type: 'string' },
  },
};

function envelope(data: Json): Json {
  return {
    type: 'object',
    required: ['code', 'message', 'data', 'traceId'],
    properties: { code: { const: '0' }, message: { type: 'string' }, data, traceId: { type: 'string' } },
  };
}

function operationId(entry: RouteEntry): string {
  const words = entry.route.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1));
  return `${entry.ctx.id}.${entry.route.method.toLowerCase()}${words.join('')}`;
}

/** Every schema a route declares; the parts the kernel validates are shown as validated. */
function routeSchemas(route: RouteDefinition): [TSchema | undefined, SchemaUse][] {
  return [
    [route.params, 'validated'],
    [routeQuerySchema(route), 'validated'],
    [route.body, 'validated'],
    // The handler reads a streamed body itself: it is shown as declared.
    [route.streamedBody?.schema, 'declared'],
    [route.response, 'declared'],
    [route.raw?.json?.response, 'declared'],
  ];
}

function parameters(entry: RouteEntry, schemas: CatalogSchemas): Json[] {
  const { route } = entry;
  const result: Json[] = [];
  const add = (place: 'path' | 'query', schema: TSchema | undefined) => {
    const object = schema as TObject | undefined;
    for (const [name, property] of Object.entries(object?.properties ?? {})) {
      const json = schemas.show(property, entry.ctx.id, 'validated');
      const required = place === 'path' || (object?.required ?? []).includes(name);
      result.push({ name, in: place, required, ...(json.description ? { description: json.description } : {}), schema: json });
    }
  };
  add('path', route.params);
  add('query', routeQuerySchema(route));
  result.push({ $ref: '#/components/parameters/X-Request-Id' });
  return result;
}

function operation(entry: RouteEntry, notes: OperationNotes | undefined, schemas: CatalogSchemas): Json {
  const { route, ctx } = entry;
  const anonymous = isPublic(route, ctx.environment);
  const status = route.status ?? 200;
  // `response` is the schema of `data` as declared: a list route declares `Paginated(item)`.
  const data = schemas.show(route.response, ctx.id, 'declared');
  const rateLimited = route.rateLimit !== false;
  const headers = { ...responseHeaders(status, rateLimited), ...routeHeaders(route) };
  const responses: Json = {
    [String(status)]: route.raw
      ? { description: 'Success.', headers, content: Object.fromEntries([route.raw.contentType].flat().map((type) => [type, { schema: data }])) }
      : { description: 'Success.', headers, content: { 'application/json': { schema: envelope(data) } } },
  };
  const json = route.raw?.json;
  if (json) {
    const content = { 'application/json': { schema: envelope(schemas.show(json.response, ctx.id, 'declared')) } };
    responses[String(json.status)] = { description: json.description, headers: responseHeaders(json.status, rateLimited), content };
  }
  for (const [code, definitions] of errorsByStatus(entry, anonymous)) responses[String(code)] = errorResponse(code, definitions, rateLimited);
  const op: Json = {
    operationId: operationId(entry),
    summary: route.summary,
    tags: route.tags ?? [ctx.id],
    security: anonymous && route.ownBearer !== true ? [] : [{ bearerAuth: [] }],
    parameters: parameters(entry, schemas),
    responses,
  };
  if (route.description ?? notes?.description) op.description = route.description ?? notes?.description;
  if (route.permission !== undefined) op['x-permission'] = route.permission;
  if (route.authenticated === true || route.ownBearer === true) op['x-authenticated-only'] = true;
  if (route.body) {
    const content: Json = { schema: schemas.show(route.body, ctx.id, 'validated') };
    if (notes?.requestExamples) content.examples = notes.requestExamples;
    // No body reads as `{}` (compile-route.ts): a body only a schema with required fields needs.
    const required = ((route.body as { required?: string[] }).required ?? []).length > 0;
    op.requestBody = { required, content: { 'application/json': content } };
  } else if (route.streamedBody) {
    op.requestBody = { required: true, content: { [route.streamedBody.contentType]: { schema: schemas.show(route.streamedBody.schema, ctx.id, 'declared') } } };
  }
  return op;
}

/** Response headers a route sets itself (`Idempotent-Replayed`), as it declares them. */
function routeHeaders(route: RouteDefinition): Json {
  return Object.fromEntries(Object.entries(route.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }]));
}

/** One tag per module serving routes, described by its manifest. */
function moduleTags(entries: readonly RouteEntry[]): Json[] {
  const modules = new Map(entries.map(({ ctx }) => [ctx.id, ctx.manifest]));
  return [...modules].sort(([a], [b]) => a.localeCompare(b)).map(([id, manifest]) => ({ name: id, description: manifest.description ?? manifest.name }));
}

export interface CatalogInfo {
  title: string;
  version: string;
  description: string;
}

/**
 * The OpenAPI 3.1 catalog of every live route, built from the same declarations that validate
 * requests. Doc comments (`@openapi`) may add descriptions and examples, never paths or schemas.
 */
export function buildOpenApiDocument(
  entries: readonly RouteEntry[],
  info: CatalogInfo,
  notesByModule: ReadonlyMap<string, ReadonlyMap<string, OperationNotes>>,
): Json {
  const sorted = [...entries].sort((a, b) => routeTemplate(a.route).localeCompare(routeTemplate(b.route)));
  const schemas = new CatalogSchemas();
  for (const { route, ctx } of sorted) for (const [schema, use] of routeSchemas(route)) schemas.claim(schema, ctx.id, use);
  schemas.finish();
  const paths: Record<string, Json> = {};
  for (const entry of sorted) {
    const path = routeTemplate(entry.route);
    paths[path] ??= {};
    // A module's doc comments describe its own routes only.
    const notes = notesByModule.get(entry.ctx.id)?.get(`${entry.route.method.toLowerCase()} ${path}`);
    paths[path][entry.route.method.toLowerCase()] = operation(entry, notes, schemas);
  }
  return {
    openapi: '3.1.0',
    info: { ...info, license: { name: 'Apache-2.0', identifier: 'Apache-2.0' } },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    // Paths carry their base (`/api/v1`, `/v3`): the server is the host the catalog was read from.
    servers: [{ url: '/', description: 'This Atrium instance' }],
    tags: moduleTags(sorted),
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA, ...schemas.schemas() },
      parameters: { 'X-Request-Id': REQUEST_ID_PARAMETER },
      headers: CATALOG_HEADERS,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
