import type { TObject, TSchema } from '@sinclair/typebox';
import { KernelErrors } from '../errors/kernel-errors';
import type { ErrorDefinition } from '../errors/error-definition';
import { routeQuerySchema } from './compile-route';
import type { RouteDefinition } from './route';
import { routeTemplate, type RouteEntry } from './route-table';
import type { OperationNotes } from './openapi-notes';
import { closeObjects } from './validation';

type Json = Record<string, unknown>;

/** TypeBox schemas carry symbol-keyed metadata; the catalog holds plain JSON Schema. */
function plain(schema: TSchema | undefined): Json {
  return schema === undefined ? {} : (JSON.parse(JSON.stringify(schema)) as Json);
}

/** A request part's schema as the validator enforces it: objects closed, so none look open. */
function asValidated(schema: TSchema): Json {
  return closeObjects(plain(schema)) as Json;
}

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
  const words = entry.route.path.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1));
  return `${entry.ctx.id}.${entry.route.method.toLowerCase()}${words.join('')}`;
}

function parameters(route: RouteDefinition): Json[] {
  const result: Json[] = [];
  const add = (place: 'path' | 'query', schema: TSchema | undefined) => {
    const object = schema as TObject | undefined;
    for (const [name, property] of Object.entries(object?.properties ?? {})) {
      const json = asValidated(property);
      const required = place === 'path' || (object?.required ?? []).includes(name);
      result.push({ name, in: place, required, ...(json.description ? { description: json.description } : {}), schema: json });
    }
  };
  add('path', route.params);
  add('query', routeQuerySchema(route));
  return result;
}

function errorResponses(route: RouteDefinition): Map<number, ErrorDefinition[]> {
  const byStatus = new Map<number, ErrorDefinition[]>();
  const add = (definition: ErrorDefinition) => byStatus.set(definition.status, [...(byStatus.get(definition.status) ?? []), definition]);
  if (route.params || route.query || route.body || route.list) add(KernelErrors.VALIDATION_FAILED_400);
  if (route.body) {
    add(KernelErrors.VALIDATION_MALFORMED_BODY_400);
    add(KernelErrors.SYSTEM_PAYLOAD_TOO_LARGE_413);
  }
  if (route.public !== true) add(KernelErrors.AUTH_TOKEN_MISSING_401);
  if (route.permission !== undefined) add(KernelErrors.PERM_DENIED_403);
  if (route.rateLimit !== false) add(KernelErrors.SYSTEM_RATE_LIMITED_429);
  for (const definition of route.errors ?? []) add(definition);
  add(KernelErrors.SYSTEM_INTERNAL_ERROR_500);
  return byStatus;
}

function operation(entry: RouteEntry, notes: OperationNotes | undefined): Json {
  const { route } = entry;
  const responses: Json = {};
  // `response` is the schema of `data` as declared: a list route declares `Paginated(item)`.
  const data = plain(route.response);
  responses[String(route.status ?? 200)] = route.raw
    ? { description: 'Success.', content: { [route.raw.contentType]: { schema: plain(route.response) } } }
    : { description: 'Success.', content: { 'application/json': { schema: envelope(data) } } };
  for (const [status, definitions] of errorResponses(route)) {
    responses[String(status)] = {
      description: definitions.map((d) => `\`${d.code}\`: ${d.messages.en}`).join(' '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const op: Json = {
    operationId: operationId(entry),
    summary: route.summary,
    tags: route.tags ?? [entry.ctx.id],
    security: route.public === true ? [] : [{ bearerAuth: [] }],
    parameters: parameters(route),
    responses,
  };
  if (route.description ?? notes?.description) op.description = route.description ?? notes?.description;
  if (route.permission !== undefined) op['x-permission'] = route.permission;
  if (route.authenticated === true) op['x-authenticated-only'] = true;
  if (route.body) {
    const content: Json = { schema: asValidated(route.body) };
    if (notes?.requestExamples) content.examples = notes.requestExamples;
    // No body reads as `{}` (compile-route.ts): a body only a schema with required fields needs.
    const required = ((route.body as { required?: string[] }).required ?? []).length > 0;
    op.requestBody = { required, content: { 'application/json': content } };
  } else if (route.streamedBody) {
    op.requestBody = { required: true, content: { [route.streamedBody.contentType]: { schema: plain(route.streamedBody.schema) } } };
  }
  return op;
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
  const paths: Record<string, Json> = {};
  for (const entry of [...entries].sort((a, b) => routeTemplate(a.route).localeCompare(routeTemplate(b.route)))) {
    const path = routeTemplate(entry.route);
    paths[path] ??= {};
    // A module's doc comments describe its own routes only.
    const notes = notesByModule.get(entry.ctx.id)?.get(`${entry.route.method.toLowerCase()} ${path}`);
    paths[path][entry.route.method.toLowerCase()] = operation(entry, notes);
  }
  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
