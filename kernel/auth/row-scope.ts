import { Utils, type Options } from '@mikro-orm/core';
import { currentRequest } from '../runtime/request-context';

/**
 * The rows a caller may see under a `row`-scoped permission: rows of these departments, and
 * rows the caller owns. `all` sees everything. An authenticator that knows data scopes puts it
 * on the Principal; the kernel applies it to every query of a row-scoped route.
 */
export interface RowScope {
  all: boolean;
  deptIds: readonly string[];
  /** The caller's own id, for rows they own; null when the scope does not include "self". */
  ownerId: string | null;
}

export const UNRESTRICTED: RowScope = Object.freeze({ all: true, deptIds: [], ownerId: null });

/** Which properties of an entity hold its department and its owner. */
export interface RowScopeMapping {
  dept?: string;
  owner?: string;
  /** The owner sees their rows whatever their scope, not only under `self` (an uploader their uploads). */
  ownerAlwaysSees?: boolean;
}

/** An entity whose queries are narrowed by the caller's row scope (in `defineModule`). */
export interface RowScopedEntity {
  entity: string | { meta: { className: string } };
  mapping: RowScopeMapping;
}

export function rowScoped(entity: RowScopedEntity['entity'], mapping: RowScopeMapping): RowScopedEntity {
  if (!mapping.dept && !mapping.owner) throw new Error('a row-scoped entity needs a dept or an owner property');
  return { entity, mapping };
}

export function entityNameOf(entity: RowScopedEntity['entity']): string {
  return typeof entity === 'string' ? entity : entity.meta.className;
}

export const ROW_SCOPE_FILTER = 'atrium_row_scope';

/**
 * Find options that turn data scope off for one query: for a public API that answers about any
 * row whatever route calls it (a login, a usage count, the department tree auth scopes with).
 */
export const UNSCOPED = { filters: { [ROW_SCOPE_FILTER]: false } } as const;

/** A global MikroORM filter, as the ORM's options take it, with its name. */
export type GlobalFilter = NonNullable<Options['filters']>[string] & { name: string };

/**
 * The one place data scope narrows queries: a MikroORM filter, on by default for every entity,
 * that reads the current request's scope. find, count, findOne, nativeUpdate and nativeDelete all
 * pass through it, so list, count, read, update, delete and export of a row-scoped route see
 * only the rows in scope — a row outside it is simply not found. Outside a row-scoped route (or
 * outside any request) it adds nothing.
 */
export class RowScopes {
  private readonly mappings = new Map<string, RowScopeMapping>();

  register(entities: readonly RowScopedEntity[]): void {
    for (const { entity, mapping } of entities) this.mappings.set(entityNameOf(entity), mapping);
  }

  filter(): GlobalFilter {
    return {
      name: ROW_SCOPE_FILTER,
      default: true,
      args: false,
      cond: (_args, _type, _em, _options, entityName) => {
        const scope = currentRequest()?.rowScope;
        if (!scope || scope.all || !entityName) return {};
        const mapping = this.mappings.get(Utils.className(entityName));
        if (!mapping) return {};
        const visible: Record<string, unknown>[] = [];
        if (mapping.dept && scope.deptIds.length > 0) visible.push({ [mapping.dept]: { $in: [...scope.deptIds] } });
        const ownerId = scope.ownerId ?? (mapping.ownerAlwaysSees ? (currentRequest()?.principal?.userId ?? null) : null);
        if (mapping.owner && ownerId !== null) visible.push({ [mapping.owner]: ownerId });
        // An empty scope sees nothing: `in ()` matches no row.
        if (visible.length === 0) return { [(mapping.dept ?? mapping.owner)!]: { $in: [] } };
        return visible.length === 1 ? visible[0] : { $or: visible };
      },
    };
  }
}
