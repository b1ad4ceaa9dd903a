import { spi } from '../di/tokens';
import type { ChangeRecord } from './change-record';

/**
 * One request as the audit log keeps it: every request that is not a read, and every refused
 * one (401, 403).
 */
export interface OperationRecord {
  /** The `traceId` of the response, and of every log line of the request. */
  traceId: string;
  /** When the request arrived. */
  at: Date;
  method: string;
  /** The URL as sent, query parameters that carry credentials redacted. */
  path: string;
  /** The response's status; 499 when the client closed the connection first. */
  status: number;
  durationMs: number;
  /** The module and permission of the matched route; null when no route matched. */
  moduleId: string | null;
  permission: string | null;
  /** The authenticated caller; null when the request was public or refused before that. */
  userId: string | null;
  username: string | null;
  /** The credential the caller used, when their authenticator names one (`Principal.credential`). */
  credential: string | null;
  ip: string;
  userAgent: string;
  /** The validated request body, summarised (`summariseBody`); null when it had none. */
  body: unknown;
  /** What the request changed, as its modules told `recordChange`. */
  changes: ChangeRecord[];
}

/**
 * Where the kernel hands audited requests: a successful one just before its answer is written
 * (the status it is answered with), any other once its response is sent or abandoned (499).
 * `record` must be quick and never throw (a sink that does is logged and skipped). A sink that
 * keeps records durably answers a promise that resolves once this one would survive a crash: the
 * kernel holds a successful answer back until then, so no client sees a 2xx for an operation the
 * audit log could still lose. A sink that answers nothing is handed the record and let go.
 */
export interface AuditSink {
  record(record: OperationRecord): void | Promise<void>;
}

/** Owned by the kernel, filled by the audit module (or any module that keeps operations). */
export const AuditSinkSpi = spi<AuditSink>('kernel.audit-sink');
