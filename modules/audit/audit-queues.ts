import { DEFAULT_TENANT_ID, runAsPlatform, type ModuleContext } from '@atrium/kernel';
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

/**
 * Every record names its tenant; one queued before records did (an outbox left by an older
 * version) is the default tenant's.
 */
const TENANT_COLUMN = ['tenant_id', 'tenantId', 'uuid', `'${DEFAULT_TENANT_ID}'`] as const;

const insertOperations = bulkInsert('audit_operation', [
  ['id', 'id', 'uuid'],
  TENANT_COLUMN,
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
  ['credential', 'credential', 'varchar'],
  ['ip', 'ip', 'varchar'],
  ['user_agent', 'userAgent', 'varchar'],
  ['body', 'body', 'jsonb'],
  ['changes', 'changes', 'jsonb'],
]);

const insertLogins = bulkInsert('audit_login', [
  ['id', 'id', 'uuid'],
  TENANT_COLUMN,
  ['at', 'at', 'timestamptz'],
  ['username', 'username', 'varchar'],
  ['user_id', 'userId', 'varchar'],
  ['ip', 'ip', 'varchar'],
  ['user_agent', 'userAgent', 'varchar'],
  ['success', 'success', 'boolean'],
  ['reason', 'reason', 'varchar'],
]);

/** The module's state (what setupAudit returned), for its sink and its login observer. */
export function auditQueues(ctx: ModuleContext): AuditQueues {
  return ctx.state as AuditQueues;
}

/** The queues, started; what the outbox kept from an earlier run is queued again first. */
export function setupAudit(ctx: ModuleContext): AuditQueues {
  const outbox = new Outbox(ctx.storage.path('outbox'), ctx.log);
  const operations = new BatchWriter({
    what: 'operation records',
    log: ctx.log,
    // As the platform: a batch holds many tenants' records, each naming its own.
    write: (json) => runAsPlatform(() => insertOperations(ctx.db.em(), json)),
    written: (count) => outbox.released(count),
  });
  const logins = new BatchWriter({
    what: 'login records',
    log: ctx.log,
    write: (json) => runAsPlatform(() => insertLogins(ctx.db.em(), json)),
  });
  for (const record of outbox.adoptLeftovers()) operations.add(record);
  operations.start();
  logins.start();
  return { outbox, operations, logins };
}

/** Writes everything queued before the module (or the server) stops; what could not be stays in the outbox. */
export async function stopAudit({ state }: ModuleContext<AuditQueues>): Promise<void> {
  await Promise.all([state.operations.stop(STOP_TIMEOUT_MS), state.logins.stop(STOP_TIMEOUT_MS)]);
  await state.outbox.close();
}
