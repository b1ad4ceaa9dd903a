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
 * The routes of the enabled modules, matched by one radix tree (route-dispatch.ts) on their full
 * paths: an express mount at `/api/v1` would strip and restore the prefix on every request.
 * Rebuilt whole on every change (enable, disable, live load) and swapped in one assignment, so a
 * request sees either the old table or the new one.
 */
export class RouteTable {
  private dispatch = new RouteDispatch();
  entries: readonly RouteEntry[] = [];
  /**
   * Compiled handlers by route and module context. Compiling a route (its validators above all)
   * costs milliseconds, and a change touches one module: a rebuild after a live load recompiles
   * that module's routes only, so a generated module answers a few hundred milliseconds sooner.
   */
  private compiled = new WeakMap<RouteDefinition, WeakMap<ModuleContext, RequestHandler>>();

  constructor(private readonly services: RouteServices) {}

  replace(entries: readonly RouteEntry[]): void {
    const dispatch = new RouteDispatch();
    for (const { route, ctx } of entries) {
      const handler = this.handlerOf(route, ctx);
      const template = routeTemplate(route);
      const labelled: RequestHandler = (req, res, next) => {
        res.locals.routeTemplate = template;
        return handler(req, res, next);
      };
      dispatch.add(route.method, template, labelled);
    }
    this.dispatch = dispatch;
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
  middleware(): RequestHandler {
    return (req, res, next) => this.dispatch.middleware(req, res, next);
  }
}
