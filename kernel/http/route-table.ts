import express, { type RequestHandler, type Router } from 'express';
import type { ModuleContext } from '../modules/module-context';
import { compileRoute, type RouteServices } from './compile-route';
import type { RouteDefinition } from './route';

export const API_BASE = '/api/v1';

/** A live route: what it is and which module serves it. */
export interface RouteEntry {
  route: RouteDefinition;
  ctx: ModuleContext;
}

/** `/system/modules/{id}` → `/system/modules/:id` (express 5 syntax). */
export function expressPath(openApiPath: string): string {
  return openApiPath.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

/** The template a request matched, as metrics and logs label it. */
export function routeTemplate(route: RouteDefinition): string {
  return route.root ? route.path : API_BASE + route.path;
}

/**
 * The routers of the enabled modules. Rebuilt whole on every change (enable, disable, live
 * load) and swapped in one assignment, so a request sees either the old table or the new one.
 */
export class RouteTable {
  private api: Router = express.Router();
  private root: Router = express.Router();
  entries: readonly RouteEntry[] = [];
  /**
   * Compiled handlers by route and module context. Compiling a route (its validators above all)
   * costs milliseconds, and a change touches one module: a rebuild after a live load recompiles
   * that module's routes only, so a generated module answers a few hundred milliseconds sooner.
   */
  private compiled = new WeakMap<RouteDefinition, WeakMap<ModuleContext, RequestHandler>>();

  constructor(private readonly services: RouteServices) {}

  replace(entries: readonly RouteEntry[]): void {
    const api = express.Router({ strict: false, caseSensitive: true });
    const root = express.Router({ strict: false, caseSensitive: true });
    for (const { route, ctx } of entries) {
      const handler = this.handlerOf(route, ctx);
      const labelled: RequestHandler = (req, res, next) => {
        res.locals.routeTemplate = routeTemplate(route);
        return handler(req, res, next);
      };
      (route.root ? root : api)[route.method.toLowerCase() as 'get'](expressPath(route.path), labelled);
    }
    this.api = api;
    this.root = root;
    this.entries = entries;
  }

  private handlerOf(route: RouteDefinition, ctx: ModuleContext): RequestHandler {
    let byContext = this.compiled.get(route);
    if (!byContext) this.compiled.set(route, (byContext = new WeakMap<ModuleContext, RequestHandler>()));
    let handler = byContext.get(ctx);
    if (!handler) {
      handler = compileRoute(route, ctx, this.services);
      byContext.set(ctx, handler);
    }
    return handler;
  }

  /**
   * Middleware that dispatches to whichever table is current when the request arrives. No route
   * declares OPTIONS, so it skips the routers: an express router answers OPTIONS on a known path
   * itself, with a bare `Allow` list outside the envelope; like any undeclared method it is 404.
   */
  middleware(): { api: RequestHandler; root: RequestHandler } {
    return {
      api: (req, res, next) => (req.method === 'OPTIONS' ? next() : this.api(req, res, next)),
      root: (req, res, next) => (req.method === 'OPTIONS' ? next() : this.root(req, res, next)),
    };
  }
}
