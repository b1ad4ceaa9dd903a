import { KernelErrors } from '../errors/kernel-errors';
import type { ErrorDefinition } from '../errors/error-definition';
import type { RouteEntry } from './route-table';

type Json = Record<string, unknown>;

/** The 401s the kernel's authentication step answers: no token, a bad one, an expired one, a revoked one. */
const TOKEN_ERRORS = [
  KernelErrors.AUTH_TOKEN_MISSING_401,
  KernelErrors.AUTH_TOKEN_INVALID_401,
  KernelErrors.AUTH_TOKEN_EXPIRED_401,
  KernelErrors.AUTH_TOKEN_REVOKED_401,
];

/** Statuses whose answers say when to come back. */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

/** Header components every operation's responses refer to. */
export const CATALOG_HEADERS: Json = {
  'X-Request-Id': {
    description:
      "The `X-Request-Id` the request carried, echoed back when it is 1 to 200 visible ASCII characters. The body's `traceId` is the server's own id for the request.",
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Limit': {
    description: 'Requests this client address may make in the current window (IETF draft-ietf-httpapi-ratelimit-headers-06).',
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left to this client address in the current window, this one counted; 0 on a 429.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the current window ends and the count starts afresh.',
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Policy': {
    description: 'The limit and its window in seconds, as `<limit>;w=<seconds>`.',
    schema: { type: 'string', pattern: '^\\d+;w=\\d+$' },
  },
};

/** The header fields every answer of a rate-limited operation carries. */
const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'];

/** The request header every operation accepts. */
export const REQUEST_ID_PARAMETER: Json = {
  name: 'X-Request-Id',
  in: 'header',
  required: false,
  description:
    'A client-chosen id for the request (1 to 200 visible ASCII characters), echoed back in the response header of the same name. A W3C `traceparent` header sets the `traceId` instead.',
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
};

const ref = (kind: 'headers' | 'parameters' | 'schemas', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The response headers of a response with this status, of an operation counted by the rate limit or not. */
export function responseHeaders(status: number, rateLimited: boolean): Json {
  const headers: Json = { 'X-Request-Id': ref('headers', 'X-Request-Id') };
  if (RETRY_AFTER_STATUSES.has(status)) headers['Retry-After'] = ref('headers', 'Retry-After');
  if (rateLimited) for (const name of RATE_LIMIT_HEADERS) headers[name] = ref('headers', name);
  return headers;
}

/**
 * Every catalogued error a route may answer, by status, each code once: the route's own and the
 * ones the kernel's pipeline answers for it (validation, authentication, permission, rate limit,
 * an unreachable database or Redis, the unexpected).
 */
export function errorsByStatus(entry: RouteEntry, anonymous: boolean): Map<number, ErrorDefinition[]> {
  const { route } = entry;
  const byStatus = new Map<number, ErrorDefinition[]>();
  const add = (definition: ErrorDefinition) => {
    const listed = byStatus.get(definition.status) ?? [];
    if (!listed.some((d) => d.code === definition.code)) byStatus.set(definition.status, [...listed, definition]);
  };
  // Every query is validated against the declared parameters: an undeclared one is refused too.
  add(KernelErrors.VALIDATION_FAILED_400);
  if (route.body) {
    add(KernelErrors.VALIDATION_MALFORMED_BODY_400);
    add(KernelErrors.SYSTEM_PAYLOAD_TOO_LARGE_413);
  }
  if (!anonymous) TOKEN_ERRORS.forEach(add);
  if (!anonymous && route.permission !== undefined) add(KernelErrors.PERM_DENIED_403);
  if (route.rateLimit !== false) add(KernelErrors.SYSTEM_RATE_LIMITED_429);
  for (const definition of route.errors ?? []) add(definition);
  add(KernelErrors.SYSTEM_INTERNAL_ERROR_500);
  if (touchesDependencies(entry, anonymous)) add(KernelErrors.SYSTEM_DEPENDENCY_UNAVAILABLE_503);
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** Authentication reads sessions (the database, Redis); a module granted `db` reads its tables. */
function touchesDependencies({ ctx }: RouteEntry, anonymous: boolean): boolean {
  return !anonymous || (ctx.manifest.capabilities ?? []).includes('db');
}

/** One error response: the envelope, its `code` narrowed to the codes this status may carry. */
export function errorResponse(status: number, definitions: readonly ErrorDefinition[], rateLimited: boolean): Json {
  return {
    description: definitions.map((d) => `\`${d.code}\`: ${d.messages.en}`).join(' '),
    headers: responseHeaders(status, rateLimited),
    content: {
      'application/json': {
        schema: { allOf: [ref('schemas', 'Error'), { type: 'object', properties: { code: { type: 'string', enum: definitions.map((d) => d.code) } } }] },
      },
    },
  };
}
