import type { RequestHandler } from 'express';
import findMyWay from 'find-my-way';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';
import type { HttpMethod } from './route';

type RadixRouter = findMyWay.Instance<findMyWay.HTTPVersion.V1>;

/** `/system/modules/{id}` → `/system/modules/:id`, the radix tree's parameter syntax. */
export function radixPath(openApiPath: string): string {
  return openApiPath.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

/**
 * The lookup ignores the query string; express parses `req.query` itself, so parsing it again
 * on every match would be wasted work.
 */
const NO_SEARCH_PARAMS = Object.freeze({});

/**
 * Node refuses request heads over 16 KiB, which bounds every path segment already; express set
 * no limit of its own, so neither does the tree (its default of 100 characters would turn a long
 * identifier or signed token into a 404).
 */
const NO_PARAM_LENGTH_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * One table of routes matched by a radix tree (find-my-way): a lookup walks the path once,
 * whatever the number of routes, where an express router tries every route in turn. It keeps the
 * matching rules clients saw from express: case-sensitive, one trailing slash ignored, literal
 * segments compared as sent (`/sy%73tem` is not `/system`), parameters non-empty and decoded by
 * `decodeURIComponent` (400 naming the one that is not valid percent-encoding), HEAD served by
 * the GET route, and a request no route declares passed on (`next()`) to the kernel's 404. Where
 * two routes could match, the literal segment wins over a parameter (`/tasks/types` over
 * `/tasks/{id}`) whatever the order modules declared them in.
 */
export class RouteDispatch {
  private readonly router: RadixRouter = findMyWay({
    caseSensitive: true,
    ignoreTrailingSlash: true,
    maxParamLength: NO_PARAM_LENGTH_LIMIT,
    querystringParser: () => NO_SEARCH_PARAMS,
  });

  /** Adds a route; `path` is OpenAPI-style (`/things/{id}`). */
  add(method: HttpMethod, path: string, handler: RequestHandler): void {
    this.router.on(method, radixPath(path), handler as unknown as findMyWay.Handler<findMyWay.HTTPVersion.V1>);
  }

  readonly middleware: RequestHandler = (req, res, next) => {
    // Node sends a HEAD answer's headers without its body, as express did for its GET routes.
    const method = req.method === 'HEAD' ? 'GET' : (req.method as findMyWay.HTTPMethod);
    const encoded = pathIsPercentEncoded(req.url);
    // The tree decodes a path before matching it; with every `%` escaped it matches the path as
    // sent instead and hands back each parameter still encoded, for decodeParams.
    const found = this.router.find(method, encoded ? req.url.replaceAll('%', '%25') : req.url);
    if (found === null) return next();
    const params = found.params as Record<string, string>;
    for (const name in params) if (params[name] === '') return next();
    req.params = encoded ? decodeParams(params) : params;
    return (found.handler as unknown as RequestHandler)(req, res, next);
  };
}

function pathIsPercentEncoded(url: string): boolean {
  const percent = url.indexOf('%');
  if (percent === -1) return false;
  const query = url.indexOf('?');
  return query === -1 || percent < query;
}

function decodeParams(params: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, raw] of Object.entries(params)) {
    try {
      decoded[name] = decodeURIComponent(raw);
    } catch {
      throw new AppError(KernelErrors.VALIDATION_FAILED_400, {
        details: [{ field: `/params/${name}`, rule: 'percentEncoding', message: `is not valid percent-encoding: ${raw}` }],
      });
    }
  }
  return decoded;
}
