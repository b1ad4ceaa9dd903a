import type { ModuleContext } from '@atrium/kernel';
import { BatchWriter } from './batch-writer';
import { bulkInsert } from './bulk-insert';
import { Outbox } from './outbox';

/** How long stop() keeps trying to write what is queued. */
const STOP_TIMEOUT_MS = 5000;

/**
 * The module's two queues, written in batches while the module runs; each record its JSON text.
 * Operation records also go to the outbox (DATA_DIR/modules/audit/outbox) before their request
 * is answered, and leave it once the database has them.
 */
export interface AuditQueues {
  operations: BatchWriter;
  outbox: Outbox;
  logins: BatchWriter;
}

const insertOperations = bulkInsert('audit_operation', [
  ['id', 'id', 'uuid'],
  ['at', 'at', 'timestamptz'],
  ['trace_id', 'traceId', 'varchar'],
  ['method', 'method', 'varchar'],
  ['path', 'path', 'text'],
  ['status', 'status', 'integer'],
  ['duration_ms', 'durationMs', 'real'],
  ['module_id', 'moduleId', 'varchar'],
  ['permission', 'permission', 'varchar'],
  ['user_id', 'userId', 'varchar'],
  ['username', 'username', 'varchar'],
  ['ip', 'ip', 'varchar'],
  ['user_agent', 'userAgent', 'varchar'],
  ['body', 'body', 'jsonb'],
  ['changes', 'changes', 'jsonb'],
]);

const insertLogins = bulkInsert('audit_login', [
  ['id', 'id', 'uuid'],
  ['at', 'at', 'timestamptz'],
  ['username', 'username', 'varchar'],
  ['user_id', 'userId', 'varchar'],
  ['ip', 'ip', 'varchar'],
  ['user_agent', 'userAgent', 'varchar'],
  ['success', 'success', 'boolean'],
  ['reason', 'reason', 'varchar'],
]);

const queues = new WeakMap<ModuleContext, AuditQueues>();

/**
 * The queues of this module instance. They exist whether or not it is started, so a record that
 * arrives while the module starts or stops waits in the queue instead of being lost.
 */
export function auditQueues(ctx: ModuleContext): AuditQueues {
  let found = queues.get(ctx);
  if (!found) {
    const outbox = new Outbox(ctx.storage.path('outbox'), ctx.log);
    found = {
      outbox,
      operations: new BatchWriter({
        what: 'operation records',
        log: ctx.log,
        write: (json) => insertOperations(ctx.db.em(), json),
        written: (count) => outbox.released(count),
      }),
      logins: new BatchWriter({
        what: 'login records',
        log: ctx.log,
        write: (json) => insertLogins(ctx.db.em(), json),
      }),
    };
    queues.set(ctx, found);
  }
  return found;
}

export function startAudit(ctx: ModuleContext): void {
  const { operations, outbox, logins } = auditQueues(ctx);
  for (const record of outbox.adoptLeftovers()) operations.add(record);
  operations.start();
  logins.start();
}

/** Writes everything queued before the module (or the server) stops; what could not be stays in the outbox. */
export async function stopAudit(ctx: ModuleContext): Promise<void> {
  const { operations, outbox, logins } = auditQueues(ctx);
  await Promise.all([operations.stop(STOP_TIMEOUT_MS), logins.stop(STOP_TIMEOUT_MS)]);
  await outbox.close();
}
