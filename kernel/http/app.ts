import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { auditOnClose, watchForAudit } from '../audit/audit-trail';
import type { AuditSink } from '../audit/operation-record';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';
import { loggableUrl } from '../logging/loggable-url';
import { createAccessLogger } from '../logging/logger';
import { consoleStatic } from './console-static';
import { corsMiddleware } from './cors';
import { sendError } from './envelope';
import { securityHeaders } from './security-headers';
import { negotiateLanguage } from './language';
import type { HttpMetrics } from './metrics';
import type { RateLimit } from './rate-limit';
import { requestContext, type RequestState } from '../runtime/request-context';
import type { RouteTable } from './route-table';
import { echoableRequestId, traceIdOf } from './trace';

export interface HttpAppOptions {
  log: Logger;
  metrics: HttpMetrics;
  routes: RouteTable;
  rateLimit: RateLimit;
  trustedProxies: string[];
  /** Origins whose pages may call the API from a browser (CORS_ORIGINS); none: CORS is off. */
  corsOrigins: readonly string[];
  /** The built console, served at `/` for what no route answers (console-static.ts). */
  consoleDir: string;
  /** The enabled `kernel.audit-sink` contributions, asked again for every audited request. */
  auditSinks: () => readonly AuditSink[];
}

/**
 * The express application: the kernel's request pipeline around the live route table. Nothing
 * here knows any module; every module's routes get the same conventions.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // One spelling per URL: `/API/V1/...` is not `/api/v1/...`, as the route tables already rule.
  app.enable('case sensitive routing');
  app.set('trust proxy', options.trustedProxies.length > 0 ? options.trustedProxies : false);
  app.use(traceAndMeasure(options, compressed(routed(options))));
  const consolePages = consoleStatic(options.consoleDir, options.log);
  if (consolePages) app.use(consolePages);
  app.use(notFound(options.rateLimit));
  app.use(errorHandler(options.log));
  return app;
}

/**
 * Answers of 1 KB and more compressed for clients that accept it (gzip, deflate or brotli): the
 * catalog is 800 KB of JSON, the console's scripts a megabyte. A client that sends no
 * Accept-Encoding (scripts, load tests) pays nothing: compression never wraps its response.
 * A streamed answer (server-sent events) calls `res.flush()` after each event.
 */
function compressed(serve: RequestHandler): RequestHandler {
  const compress = compression({ threshold: 1024 });
  return (req, res, next) => {
    if (!req.headers['accept-encoding']) return serve(req, res, next);
    compress(req, res, (error?: unknown) => (error ? next(error) : handOver(serve, req, res, next)));
  };
}

/** The status logged and counted for a response the client closed first (nginx's 499). */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * CORS (when configured), then the route table: called by traceAndMeasure rather than mounted
 * after it, since every middleware costs express a pass of its router on every request.
 */
function routed(options: HttpAppOptions): RequestHandler {
  const dispatch = options.routes.middleware();
  if (options.corsOrigins.length === 0) return dispatch;
  const cors = corsMiddleware(options.corsOrigins);
  return (req, res, next) => cors(req, res, (error?: unknown) => (error ? next(error) : handOver(dispatch, req, res, next)));
}

/**
 * Calls `handler`, handing its error, thrown or rejected, to next() from where it is called: within
 * the request's context, so the error handler still knows the traceId (express would catch a
 * returned promise's rejection outside it).
 */
function handOver(handler: RequestHandler, req: Request, res: Response, next: NextFunction): void {
  try {
    const served: unknown = handler(req, res, next);
    if (served instanceof Promise) served.catch(next);
  } catch (error) {
    next(error);
  }
}

/** The first step of every request: security headers, trace id, log and metrics, then `serve`. */
function traceAndMeasure({ log, metrics, auditSinks }: HttpAppOptions, serve: RequestHandler): RequestHandler {
  const access = createAccessLogger(log);
  const setSecurityHeaders = securityHeaders();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    setSecurityHeaders(res);
    const state: RequestState = { traceId: traceIdOf(req.headers.traceparent as string | undefined) };
    const requestId = echoableRequestId(req.headers['x-request-id']);
    if (requestId !== undefined) res.setHeader('X-Request-Id', requestId);
    watchForAudit(res, { req, state, started, sinks: auditSinks, log });
    // 'close', not 'finish': a request the client gave up on never finishes, and a slow
    // endpoint's abandoned requests must still show in the log and the metrics.
    res.on('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (res.locals.routeTemplate as string | undefined) ?? 'unmatched';
      const aborted = !res.writableFinished;
      const status = aborted ? CLIENT_CLOSED_REQUEST : res.statusCode;
      const durationMs = Math.round(seconds * 1e4) / 10;
      metrics.observe(req.method, route, status, seconds);
      access.info(
        {
          traceId: state.traceId,
          requestId,
          method: req.method,
          url: loggableUrl(req.originalUrl),
          route,
          status,
          durationMs,
          userId: state.principal?.userId,
          ...(aborted ? { aborted: true } : {}),
        },
        'request',
      );
      auditOnClose(res, status, durationMs);
    });
    requestContext.run(state, () => handOver(serve, req, res, next));
  };
}

function notFound(rateLimit: RateLimit): RequestHandler {
  return async (req, res) => {
    // Probing for routes costs the same as calling them.
    await rateLimit.consume(req.ip ?? '', res);
    throw new AppError(KernelErrors.SYSTEM_NOT_FOUND_404, { details: [{ message: `${req.method} ${req.path}` }] });
  };
}

function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const traceId = requestContext.getStore()?.traceId ?? traceIdOf(undefined);
    sendError(res, error, traceId, negotiateLanguage(req.headers['accept-language']), log);
  };
}
