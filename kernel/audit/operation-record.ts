import { spi } from '../di/tokens';
import type { ChangeRecord } from './change-record';

/**
 * One request as the audit log keeps it: every request that is not a read, and every refused
 * one (401, 403), once its response is sent.
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
  ip: string;
  userAgent: string;
  /** The validated request body, summarised (`summariseBody`); null when it had none. */
  body: unknown;
  /** What the request changed, as its modules told `recordChange`. */
  changes: ChangeRecord[];
}

/**
 * Where the kernel hands finished requests. `record` runs on the request's close, so it must only
 * enqueue: whatever it does synchronously delays the next request, and it must never throw (a
 * sink that does is logged and skipped).
 */
export interface AuditSink {
  record(record: OperationRecord): void;
}

/** Owned by the kernel, filled by the audit module (or any module that keeps operations). */
export const AuditSinkSpi = spi<AuditSink>('audit.sink');
