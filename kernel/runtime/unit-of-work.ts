import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { currentRequest, requestContext } from './request-context';

/**
 * Runs `work` with `em` as every module's current EntityManager (`ctx.db.em()`), as a request's
 * is. For background work that must read and write through one transaction of its own (a task
 * importing rows): what the modules it calls read then runs on that transaction's connection —
 * on the embedded database, the only one — and sees its uncommitted rows. Nothing else of a
 * request is made up: no caller, no data scope, no audit record.
 */
export function runWithEntityManager<T>(em: EntityManager, work: () => T): T {
  const outer = currentRequest();
  return requestContext.run({ ...outer, traceId: outer?.traceId ?? randomBytes(16).toString('hex'), em }, work);
}
