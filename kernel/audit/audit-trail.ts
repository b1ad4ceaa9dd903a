import type { Request } from 'express';
import type { Logger } from 'pino';
import type { RequestState } from '../http/request-context';
import { loggableUrl } from '../logging/loggable-url';
import { summariseBody } from './body-summary';
import type { AuditSink, OperationRecord } from './operation-record';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_PATH = 2048;
const MAX_USER_AGENT = 512;

/** Every request that may change something, and every refused one, whatever its method. */
export function isAudited(method: string, status: number): boolean {
  return !READS.has(method) || status === 401 || status === 403;
}

export interface FinishedRequest {
  req: Request;
  state: RequestState;
  status: number;
  durationMs: number;
}

/**
 * Hands a finished request to every sink. Neither building the record nor a sink may affect the
 * request or the next one: a failure is logged and the sinks that work still get the record.
 */
export function handToSinks(sinks: () => readonly AuditSink[], finished: FinishedRequest, log: Logger): void {
  try {
    const all = sinks();
    if (all.length === 0) return;
    const record = operationRecord(finished);
    for (const sink of all) {
      try {
        sink.record(record);
      } catch (error) {
        log.error({ err: error, traceId: record.traceId }, 'an audit sink failed: the operation is missing from it');
      }
    }
  } catch (error) {
    log.error({ err: error, traceId: finished.state.traceId }, 'the operation could not be handed to the audit sinks');
  }
}

export function operationRecord({ req, state, status, durationMs }: FinishedRequest): OperationRecord {
  return {
    traceId: state.traceId,
    at: new Date(Date.now() - durationMs),
    method: req.method,
    path: cut(loggableUrl(req.originalUrl), MAX_PATH),
    status,
    durationMs,
    moduleId: state.moduleId ?? null,
    permission: state.permission ?? null,
    userId: state.principal?.userId ?? null,
    username: state.principal?.username ?? null,
    ip: clientAddress(req.ip ?? ''),
    userAgent: cut(req.headers['user-agent'] ?? '', MAX_USER_AGENT),
    body: summariseBody(state.body),
    changes: state.changes ?? [],
  };
}

function cut(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** An IPv4 client seen through an IPv6 socket (`::ffff:10.0.0.1`) is written as plain IPv4. */
function clientAddress(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
}
