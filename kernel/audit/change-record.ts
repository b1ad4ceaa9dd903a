import { currentRequest } from '../runtime/request-context';
import { summariseBody } from './body-summary';

export type ChangeAction = 'create' | 'update' | 'delete';

/** What a module says one change of a request did, as the audit log keeps it. */
export interface ChangeRecord {
  /** The kind of resource, as the module names it (`role`, `user`). */
  resource: string;
  id: string;
  action: ChangeAction;
  /** The resource's view before and after, summarised: never a credential, bounded in size. */
  before: unknown;
  after: unknown;
}

export interface ChangeInput {
  resource: string;
  id: string;
  action: ChangeAction;
  before?: unknown;
  after?: unknown;
}

/**
 * Adds what a change did to the audit record of the request being served. Summarised at once,
 * so later edits of the objects passed cannot alter the record. Outside a request (a seed at
 * start, a task) there is no operation to attach it to and it is dropped.
 */
export function recordChange(change: ChangeInput): void {
  const request = currentRequest();
  if (!request) return;
  (request.changes ??= []).push({
    resource: change.resource,
    id: change.id,
    action: change.action,
    before: summariseBody(change.before),
    after: summariseBody(change.after),
  });
}
