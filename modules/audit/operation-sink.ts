import { DEFAULT_TENANT_ID, currentTenantId, newId, type AuditSink, type ModuleContext } from '@atrium/kernel';
import { auditQueues } from './audit-queues';

/**
 * The kernel hands every audited request here (a successful one before it is answered): the
 * record is queued for the database and appended to the outbox, and the answer waits for the
 * outbox's fsync. The record is already summarised (no credentials, bounded).
 */
export function operationSink(ctx: ModuleContext): AuditSink {
  return {
    record: (record) => {
      // Read at each record: the queues are the running module's, made anew at each start.
      const { operations, outbox } = auditQueues(ctx);
      // The row is the record with its id, made once: a replay from the outbox is the same row.
      // Written as text, not copied into an object first.
      // Its tenant: the caller's, the default one for a request that had none (a login, say).
      const tenantId = currentTenantId() ?? DEFAULT_TENANT_ID;
      const json = `{"id":"${newId()}","tenantId":"${tenantId}",${JSON.stringify(record).slice(1)}`;
      operations.add(json);
      return outbox.append(json);
    },
  };
}
