import { pipeline } from 'node:stream';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import type { Principal } from '../auth/principal';
import { anyPermissionGrants } from '../auth/permission-match';
import { UNRESTRICTED } from '../auth/row-scope';
import { auditBeforeAnswer } from '../audit/audit-trail';
import { withoutWriteOnly, writeOnlyFields } from '../audit/write-only-fields';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';
import type { BackgroundExports } from '../module-api/background-exports';
import type { ModuleContext } from '../module-api/module-context';
import { internalError, sendData } from './envelope';
import { readWithinLimit } from './body-size-guard';
import { jsonLimitProblem, type JsonLimitProblem } from './json-limits';
import { negotiateLanguage } from './language';
import { pageQueryProperties, routePage } from './pagination';
import type { RateLimit } from './rate-limit';
import { currentRequest } from '../runtime/request-context';
import { RawReply, isPublic, type RouteDefinition, type RouteRequest } from './route';
import { compileValidator } from './validation';
import { DEFAULT_TENANT_ID } from '../db/tenancy/tenancy-names';
import { labelsFrom, type ValueLabelSource } from '../runtime/value-labels';

export interface RouteServices {
  /** Resolves the caller or throws a catalogued 401. */
  authenticate(req: Request): Promise<Principal>;
  rateLimit: RateLimit;
  jsonBodyLimitBytes: number;
  /** The scope a permission code is declared with (`global`, `tenant`, `row`). */
  scopeOf(permission: string): string | undefined;
  /** The enabled `kernel.value-labels` contributions. */
  valueLabels(): readonly ValueLabelSource[];
  /** The enabled `kernel.export-background` contributions. */
  backgroundExports(): readonly BackgroundExports[];
}

/**
 * Turns a declared route into one express handler running the kernel's per-route pipeline in a
 * fixed order: authenticate, authorise, parse, validate, handle, answer. Every module's routes
 * go through this same function; none can skip a step.
 */
export function compileRoute(route: RouteDefinition, ctx: ModuleContext, services: RouteServices): RequestHandler {
  const validateParams = route.params ? compileValidator('params', route.params) : undefined;
  const validateQuery = compileValidator('query', queryPartSchema(route));
  const validateBody = route.body ? compileValidator('body', route.body) : undefined;
  const writeOnly = writeOnlyFields(route.body);
  const parseJson = route.body ? jsonParser(services.jsonBodyLimitBytes) : undefined;
  // A file route answering the envelope instead (an export made by a task) answers with its own status.
  const status = route.raw?.json?.status ?? route.status ?? 200;
  const rowScoped = route.permission !== undefined && services.scopeOf(route.permission) === 'row';
  const anonymous = isPublic(route, ctx.environment);

  const run = async (req: Request, res: Response): Promise<void> => {
    const state = currentRequest()!;
    state.moduleId = ctx.id;
    state.permission = route.permission;
    if (route.audit) state.audited = true;
    // express works the address out anew (trusted proxies and all) each time req.ip is read.
    const ip = req.ip ?? '';
    if (route.rateLimit !== false) await services.rateLimit.consume(ip, res);
    let principal: Principal | null = null;
    if (!anonymous) {
      principal = await services.authenticate(req);
      state.principal = principal;
      // A named credential (an API key) is audited at every use, reads included.
      if (principal.credential !== undefined) state.audited = true;
      // From here on the database limits every statement to the caller's tenant.
      state.tenantId = principal.tenantId ?? DEFAULT_TENANT_ID;
      // From here on every query of a row-scoped entity is narrowed (kernel/auth/row-scope.ts).
      if (rowScoped) {
        state.rowScope = principal.rowScope ?? UNRESTRICTED;
        // A fresh EntityManager: rows authentication loaded sit in the old one's identity map,
        // and findOne by id answers from there without asking the database (or the filter).
        state.em = undefined;
      }
      if (route.authenticated !== true && !anyPermissionGrants(principal.permissions, route.permission!)) {
        throw new AppError(KernelErrors.PERM_DENIED_403, { details: [{ rule: 'permission', message: `requires ${route.permission}` }] });
      }
    }
    if (parseJson) await parseJson(req, res);
    const query = validateQuery({ ...(req.query as Record<string, unknown>) }) as Record<string, unknown>;
    // No body at all reads as `{}`: an action whose fields are all optional needs none, and a
    // route with required fields names each one missing.
    const body = validateBody ? validateBody(req.body === undefined ? {} : req.body) : undefined;
    // What the audit row keeps of the body: never a field the schema marks writeOnly.
    if (validateBody) state.body = withoutWriteOnly(body, writeOnly);
    const language = negotiateLanguage(req.headers['accept-language']);
    const request: RouteRequest<unknown, unknown, unknown, Principal | null> = {
      params: validateParams ? validateParams({ ...req.params }) : {},
      query,
      body,
      principal,
      page: routePage(route, query),
      traceId: state.traceId,
      ip,
      language,
      headers: req.headers,
      raw: req,
      setHeader: (name, value) => void res.setHeader(name, value),
      valueLabels: (code) => labelsFrom(services.valueLabels(), code, language),
      backgroundExports: () => services.backgroundExports()[0],
    };
    const result = await (route.handler as (r: typeof request, c: ModuleContext) => unknown)(request, ctx);
    if (result instanceof RawReply) {
      const audited = auditBeforeAnswer(res, result.status);
      if (audited) await audited;
      writeRaw(res, result);
    } else await sendData(res, status, result, state.traceId, request.language);
  };
  // Whatever escapes the pipeline and is not an AppError is the server's fault, whatever it
  // looks like: a library error carrying a `status` of its own must not become the response's.
  return (req, res) =>
    run(req, res).catch((error: unknown) => {
      throw internalError(error);
    });
}

/** The route's query schema, with page, pageSize and sort added on list routes (sort alone on an unpaged one). */
function queryPartSchema(route: RouteDefinition): TSchema {
  const declared = (route.query as TObject | undefined)?.properties ?? {};
  const { page, pageSize, sort } = pageQueryProperties(Object.keys(route.list?.sort ?? {}));
  const paging: TProperties = !route.list ? {} : route.list.paged === false ? { sort } : { page, pageSize, sort };
  return Type.Object({ ...paging, ...declared });
}

export function routeQuerySchema(route: RouteDefinition): TSchema {
  return queryPartSchema(route);
}

/** Raised from the parser's `verify` hook, before the text is parsed: a body over JSON_LIMITS. */
class JsonLimitError extends Error {
  readonly type = 'entity.limits';
  constructor(readonly problem: JsonLimitProblem) {
    super(problem.message);
  }
}

function checkJsonLimits(_req: unknown, _res: unknown, raw: Buffer, encoding: string): void {
  // The scan reads UTF-8; another charset body-parser accepts (UTF-16) is decoded first.
  const text = encoding === 'utf-8' ? raw : Buffer.from(new TextDecoder(encoding).decode(raw));
  const problem = jsonLimitProblem(text);
  if (problem) throw new JsonLimitError(problem);
}

function jsonParser(limit: number): (req: Request, res: Response) => Promise<void> {
  const parse = express.json({ limit, strict: true, type: ['application/json', 'application/*+json'], verify: checkJsonLimits });
  const tooLarge = () =>
    new AppError(KernelErrors.SYSTEM_PAYLOAD_TOO_LARGE_413, { details: [{ field: '/body', rule: 'maxBytes', message: `at most ${limit} bytes` }] });
  return (req, res) =>
    new Promise((resolve, reject) => {
      readWithinLimit(
        req,
        limit,
        () => reject(tooLarge()),
        () =>
          parse(req, res, (error?: unknown) => {
            if (!error) {
              const sentSomething = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0';
              if (req.body === undefined && (sentSomething || req.headers['transfer-encoding'])) {
                reject(
                  new AppError(KernelErrors.VALIDATION_FAILED_400, {
                    details: [{ field: '/body', rule: 'contentType', message: 'must be sent as application/json' }],
                  }),
                );
              } else resolve();
              return;
            }
            const type = (error as { type?: string }).type;
            if (error instanceof JsonLimitError)
              reject(
                new AppError(KernelErrors.VALIDATION_MALFORMED_BODY_400, {
                  details: [{ field: '/body', rule: error.problem.rule, message: error.problem.message }],
                }),
              );
            else if (type === 'entity.too.large') reject(tooLarge());
            else
              reject(
                new AppError(KernelErrors.VALIDATION_MALFORMED_BODY_400, {
                  cause: error,
                  details: [{ field: '/body', rule: 'json', message: 'is not well-formed JSON' }],
                }),
              );
          }),
      );
    });
}

function writeRaw(res: Response, reply: RawReply): void {
  res.status(reply.status).setHeader('Content-Type', reply.contentType);
  for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
  if (typeof reply.body === 'string' || Buffer.isBuffer(reply.body)) res.end(reply.body);
  // pipeline destroys the response if the source fails, so a broken download never looks whole.
  else pipeline(reply.body, res, () => undefined);
}
