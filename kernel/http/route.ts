import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Request } from 'express';
import type { ErrorDefinition } from '../errors/error-definition';
import type { Language } from '../errors/error-catalogue';
import type { Principal } from '../auth/principal';
import type { BackgroundExports } from '../module-api/background-exports';
import type { MadeFile } from '../module-api/kernel-capabilities';
import type { ModuleContext, ModuleEnvironment } from '../module-api/module-context';
import type { PageRequest } from './pagination';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler sees: validated and typed input, never the raw request unless it asks. */
export interface RouteRequest<P, Q, B, Who> {
  params: P;
  query: Q;
  body: B;
  /** The authenticated caller; always present on routes that name a permission. */
  principal: Who;
  /** Page, size and whitelisted sort of a list route (see `list`). */
  page: PageRequest;
  traceId: string;
  ip: string;
  language: Language;
  headers: IncomingHttpHeaders;
  /** The express request, for what schemas cannot describe (multipart streams). */
  raw: Request;
  /** Adds a header to the response (`Idempotent-Replayed: true`), envelope or raw alike. */
  setHeader(name: string, value: string): void;
  /**
   * The labels of a code list (a dictionary's code) in the caller's language, from the
   * `kernel.value-labels` contributions: value → label; empty when none knows the list.
   */
  valueLabels(code: string): Promise<ReadonlyMap<string, string>>;
  /** Where an export too large to make during the request goes (`kernel.export-background`); undefined without one. */
  backgroundExports(): BackgroundExports | undefined;
}

/** A response the kernel writes as it is, without the envelope (metrics text, files, CSV). */
export class RawReply {
  constructor(
    readonly body: string | Buffer | Readable,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
    readonly status = 200,
  ) {}
}

interface RouteShape<P extends TSchema, Q extends TSchema, B extends TSchema, R extends TSchema> {
  method: HttpMethod;
  /** OpenAPI-style path under `/api/v1`, e.g. `/system/modules/{id}`. */
  path: string;
  /** The path is absolute, outside `/api/v1` (`/metrics`, `/v3/api-docs`). */
  root?: boolean;
  summary: string;
  description?: string;
  tags?: string[];
  params?: P;
  query?: Q;
  body?: B;
  /**
   * A body the handler reads itself from `req.raw` as it arrives (a multipart upload), instead of
   * a JSON `body`: the kernel neither reads nor validates it, and the catalog describes it with
   * this content type and schema.
   */
  streamedBody?: { contentType: string; schema: TSchema };
  /** Schema of `data` in the envelope (or of the raw body when `raw` is set). */
  response?: R;
  /** 200 unless it creates: 201. */
  status?: 200 | 201;
  /**
   * A list route: adds `page`, `pageSize` and `sort` (whitelisted: API field → property); only
   * `sort` with `paged: false` (an export, which reads every row the filters select).
   */
  list?: { sort: Readonly<Record<string, string>>; paged?: false };
  /**
   * The handler answers a RawReply of this content type (or one of these) instead of the envelope;
   * with `json`, it may answer the envelope instead, with that status and data (an export too
   * large to make during the request answers the task making it, 201).
   */
  raw?: { contentType: string | readonly string[]; json?: { status: 201; response: TSchema; description: string } };
  /**
   * Recorded in the operation log like a write, though it is a read: an export, which hands data
   * out (who took which rows, with the filters in the recorded path).
   */
  audit?: true;
  /** Set to false for probes that must answer however busy the caller is (health, metrics). */
  rateLimit?: false;
  /** Catalogued errors this route answers besides the ones every route may answer. */
  errors?: readonly ErrorDefinition[];
  /** Response headers the handler sets (`setHeader`), name → what it means, for the API catalog. */
  headers?: Readonly<Record<string, string>>;
}

type Input<S> = S extends TSchema ? Static<S> : Record<string, never>;
type Output<R> = R extends TSchema ? Static<R> : unknown;
type Handler<P, Q, B, R, Who> = (
  req: RouteRequest<Input<P>, Input<Q>, Input<B>, Who>,
  ctx: ModuleContext,
) => Promise<Output<R> | RawReply> | Output<R> | RawReply;

export interface ProtectedRoute<P extends TSchema, Q extends TSchema, B extends TSchema, R extends TSchema> extends RouteShape<P, Q, B, R> {
  /** The permission code a caller needs (`module:resource:action`). */
  permission: string;
  public?: undefined;
  authenticated?: undefined;
  /**
   * Opens the route to anonymous callers when the operator's setting says so (the API catalog:
   * `API_DOCS_PUBLIC`). Then the kernel neither authenticates nor authorises it, so its handler
   * must not read `principal`.
   */
  publicWhen?: (environment: ModuleEnvironment) => boolean;
  /**
   * Served only when the module's manifest declares `permission`; else left out, with a warning at
   * load. For routes a kit adds to every module (a list's export): a module written before them,
   * which never declared their codes, keeps booting without them.
   */
  whenDeclared?: true;
  ownBearer?: undefined;
  handler: Handler<P, Q, B, R, Principal>;
  /**
   * The file a raw route answers, made the same way outside a request: the kernel's
   * `kernel.exports` makes it for a task, as the caller who asked, with their tenant and data scope.
   */
  makeFile?: (request: FileRequest, ctx: ModuleContext) => Promise<MadeFile>;
}

export type { MadeFile };

/** What a file is made from: the request's validated parts, or their copy kept by a task. */
export type FileRequest = Pick<
  RouteRequest<unknown, Record<string, unknown>, unknown, Principal>,
  'params' | 'query' | 'page' | 'language' | 'valueLabels' | 'principal'
> & {
  /** Told the rows written so far, as the file is written (a task reports its progress with it). */
  onRows?: (written: number) => void;
};

/**
 * A route any logged-in caller may use, whatever their roles: the rare reads every screen needs
 * (a dictionary's items for a form's drop-down). It is authenticated like any protected route.
 */
export interface AuthenticatedRoute<P extends TSchema, Q extends TSchema, B extends TSchema, R extends TSchema> extends RouteShape<P, Q, B, R> {
  authenticated: true;
  permission?: undefined;
  public?: undefined;
  publicWhen?: undefined;
  ownBearer?: undefined;
  makeFile?: undefined;
  handler: Handler<P, Q, B, R, Principal>;
}

export interface PublicRoute<P extends TSchema, Q extends TSchema, B extends TSchema, R extends TSchema> extends RouteShape<P, Q, B, R> {
  public: true;
  permission?: undefined;
  authenticated?: undefined;
  /**
   * The handler reads the bearer token itself (logout takes an expired one too): the kernel does
   * not authenticate the route, and the API catalog still lists the bearer scheme for it.
   */
  ownBearer?: true;
  publicWhen?: undefined;
  makeFile?: undefined;
  handler: Handler<P, Q, B, R, Principal | null>;
}

/** A route as the kernel stores it, its types erased. */
export type RouteDefinition = (
  ProtectedRoute<TSchema, TSchema, TSchema, TSchema> | AuthenticatedRoute<TSchema, TSchema, TSchema, TSchema> | PublicRoute<TSchema, TSchema, TSchema, TSchema>
) & {
  readonly __route: true;
};

/**
 * Declares a route once: the same schemas validate the request and build `/v3/api-docs`.
 * A route names a permission, or says it is public, or — for the few reads every logged-in
 * caller needs — says it needs only a login (`authenticated: true`). Nothing is implied.
 */
export function defineRoute<P extends TSchema, Q extends TSchema, B extends TSchema, R extends TSchema>(route: ProtectedRoute<P, Q, B, R>): RouteDefinition;
export function defineRoute<P extends TSchema, Q extends TSchema, B extends TSchema, R extends TSchema>(route: AuthenticatedRoute<P, Q, B, R>): RouteDefinition;
export function defineRoute<P extends TSchema, Q extends TSchema, B extends TSchema, R extends TSchema>(route: PublicRoute<P, Q, B, R>): RouteDefinition;
export function defineRoute(route: object): RouteDefinition {
  return { ...route, __route: true } as RouteDefinition;
}

/** Whether the kernel lets anonymous callers through: declared public, or opened by the operator. */
export function isPublic(route: RouteDefinition, environment: ModuleEnvironment): boolean {
  return route.public === true || route.publicWhen?.(environment) === true;
}
