import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../auth/principal';
import type { RowScope } from '../auth/row-scope';
import type { ChangeRecord } from '../audit/change-record';

/** What the kernel knows about the request being served, wherever the code runs. */
export interface RequestState {
  traceId: string;
  /** The route's module and permission, once the route is matched. */
  moduleId?: string;
  permission?: string;
  principal?: Principal;
  /**
   * The caller's tenant, once authenticated: the database limits every statement of the request
   * to its rows (kernel/db/tenancy/). Absent on anonymous routes, whose statements see none.
   */
  tenantId?: string;
  /** Set on routes whose permission is `row`-scoped: every query of the request is narrowed to it. */
  rowScope?: RowScope;
  /** One EntityManager per request, forked on first use. */
  em?: EntityManager;
  /** The validated request body, for the audit record. */
  body?: unknown;
  /** Recorded in the operation log though it is a read (a route declared `audit: true`). */
  audited?: boolean;
  /** What the request changed (`recordChange`), for the audit record. */
  changes?: ChangeRecord[];
}

export const requestContext = new AsyncLocalStorage<RequestState>();

export function currentRequest(): RequestState | undefined {
  return requestContext.getStore();
}
