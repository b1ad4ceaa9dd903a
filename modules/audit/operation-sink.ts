import { newId, type AuditSink, type ModuleContext } from '@atrium/kernel';
import { auditQueues } from './audit-queues';

/**
 * The kernel hands every audited request here once its response is sent: one push onto the
 * queue, nothing else on that path. The record is already summarised (no credentials, bounded).
 */
export function operationSink(ctx: ModuleContext): AuditSink {
  const { operations } = auditQueues(ctx);
  return {
    // The row is the record with an id: written as text, not copied into an object first.
    record: (record) => operations.add(`{"id":"${newId()}",${JSON.stringify(record).slice(1)}`),
  };
}
