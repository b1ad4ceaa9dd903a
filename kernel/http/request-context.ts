import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../auth/principal';
import type { RowScope } from '../auth/row-scope';

/** What the kernel knows about the request being served, wherever the code runs. */
export interface RequestState {
  traceId: string;
  /** The route's module and permission, once the route is matched. */
  moduleId?: string;
  permission?: string;
  principal?: Principal;
  /** Set on routes whose permission is `row`-scoped: every query of the request is narrowed to it. */
  rowScope?: RowScope;
  /** One EntityManager per request, forked on first use. */
  em?: EntityManager;
}

export const requestContext = new AsyncLocalStorage<RequestState>();

export function currentRequest(): RequestState | undefined {
  return requestContext.getStore();
}
