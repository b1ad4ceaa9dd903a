import type { RequestHandler } from 'express';
import type { ModuleContext } from '../module-api/module-context';
import { compileRoute, type RouteServices } from './compile-route';
import type { RouteDefinition } from './route';
import { RouteDispatch } from './route-dispatch';

export const API_BASE = '/api/v1';

/** A live route: what it is and which module serves it. */
export interface RouteEntry {
  route: RouteDefinition;
  ctx: ModuleContext;
}

/** The template a request matched, as metrics and logs label it. */
export function routeTemplate(route: RouteDefinition): string {
  return route.root ? route.path : API_BASE + route.path;
}

/**
 * The routes of the enabled modules, matched by radix trees (route-dispatch.ts). Rebuilt whole on
 * every change (enable, disable, live load) and swapped in one assignment, so a request sees
 * either the old table or the new one.
 */
export class RouteTable {
  private api = new RouteDispatch();
  private root = new RouteDispatch();
  entries: readonly RouteEntry[] = [];
  /**
   * Compiled handlers by route and module context. Compiling a route (its validators above all)
   * costs milliseconds, and a change touches one module: a rebuild after a live load recompiles
   * that module's routes only, so a generated module answers a few hundred milliseconds sooner.
   */
  private compiled = new WeakMap<RouteDefinition, WeakMap<ModuleContext, RequestHandler>>();

  constructor(private readonly services: RouteServices) {}

  replace(entries: readonly RouteEntry[]): void {
    const api = new RouteDispatch();
    const root = new RouteDispatch();
    for (const { route, ctx } of entries) {
      const handler = this.handlerOf(route, ctx);
      const labelled: RequestHandler = (req, res, next) => {
        res.locals.routeTemplate = routeTemplate(route);
        return handler(req, res, next);
      };
      (route.root ? root : api).add(route.method, route.path, labelled);
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
   * declares OPTIONS, so OPTIONS on a known path is 404 like any undeclared method (no bare
   * `Allow` list outside the envelope, as an express router would answer).
   */
  middleware(): { api: RequestHandler; root: RequestHandler } {
    return {
      api: (req, res, next) => this.api.middleware(req, res, next),
      root: (req, res, next) => this.root.middleware(req, res, next),
    };
  }
}
