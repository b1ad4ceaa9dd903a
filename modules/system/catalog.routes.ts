import { Paginated, RawReply, Type, defineRoute } from '@atrium/kernel';
import { apiDocsArePublic } from './api-docs-access';
import { ErrorCodeSchema, PermissionEntrySchema } from './schemas';

export const listPermissions = defineRoute({
  method: 'GET',
  path: '/system/permissions',
  permission: 'system:permission:list',
  summary: 'Permissions declared by the enabled modules',
  description:
    'Every permission code the enabled modules declare, with its scope (`global`, `tenant`, `row`) and the module that owns it: what roles may grant. Filter by module or scope.',
  query: Type.Object({
    moduleId: Type.Optional(Type.String({ maxLength: 128 })),
    scope: Type.Optional(Type.Union([Type.Literal('global'), Type.Literal('tenant'), Type.Literal('row')])),
  }),
  list: { sort: { code: 'code', moduleId: 'moduleId', name: 'name' } },
  response: Paginated(PermissionEntrySchema),
  handler: ({ query, page }, ctx) =>
    page.slice(
      ctx.kernel.catalog
        .permissions()
        .filter((p) => query.moduleId === undefined || p.moduleId === query.moduleId)
        .filter((p) => query.scope === undefined || p.scope === query.scope),
    ),
});

/** Public: clients branch on codes and show the messages; nothing in it is a secret. */
export const listErrorCodes = defineRoute({
  method: 'GET',
  path: '/system/error-codes',
  public: true,
  summary: 'The error catalogue: every code with its status and its en and zh messages',
  description:
    'Public: every catalogued code of the kernel and the enabled modules with its status, owner and its `en` and `zh` messages, so a client can branch on codes and show messages. Filter by owner.',
  query: Type.Object({ owner: Type.Optional(Type.String({ maxLength: 128 })) }),
  list: { sort: { code: 'code', status: 'status', owner: 'owner' } },
  response: Paginated(ErrorCodeSchema),
  handler: ({ query, page }, ctx) =>
    page.slice(
      ctx.kernel.catalog
        .errorCodes()
        .filter((e) => query.owner === undefined || e.owner === query.owner)
        .map(({ code, status, owner, messages }) => ({ code, status, owner, messages })),
    ),
});

export const apiDocs = defineRoute({
  method: 'GET',
  path: '/v3/api-docs',
  root: true,
  permission: 'system:catalog:query',
  publicWhen: apiDocsArePublic,
  summary: 'The OpenAPI 3.1 catalog of every live endpoint',
  description:
    'This document: every live endpoint, built from the same declarations the server validates with. Public on a local server; in production it needs `system:catalog:query` unless the operator sets API_DOCS_PUBLIC=true.',
  raw: { contentType: 'application/json' },
  response: Type.Object({ openapi: Type.Literal('3.1.0') }, { additionalProperties: true }),
  handler: (_req, ctx) => new RawReply(JSON.stringify(ctx.kernel.catalog.apiDocument()), 'application/json; charset=utf-8'),
});

export const manifestSchema = defineRoute({
  method: 'GET',
  path: '/schemas/module-manifest/v1.json',
  root: true,
  public: true,
  summary: 'The v1 module manifest JSON Schema (draft 2020-12)',
  description: "The draft 2020-12 JSON Schema every module's manifest.json is validated against; its `$id` is the only accepted `$schema` value.",
  raw: { contentType: 'application/schema+json' },
  response: Type.Object({}, { additionalProperties: true }),
  handler: (_req, ctx) => new RawReply(ctx.kernel.catalog.manifestSchemaText(), 'application/schema+json', { 'Cache-Control': 'public, max-age=3600' }),
});

/** Public like most Prometheus targets: keep it off the public network (docs/operating.md). */
export const metrics = defineRoute({
  method: 'GET',
  path: '/metrics',
  root: true,
  public: true,
  rateLimit: false,
  summary: 'Prometheus metrics: requests by route and status, latency, process, host, database pool, Redis, caches',
  description:
    'Prometheus text format: request counts by route template and status, latency histograms and process metrics. Public like most scrape targets: keep it off the public network.',
  raw: { contentType: 'text/plain; version=0.0.4' },
  response: Type.String(),
  handler: async (_req, ctx) => {
    const { contentType, body } = await ctx.kernel.health.metrics();
    return new RawReply(body, contentType);
  },
});
