import type { ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Logger } from 'pino';
import type { RequestState } from '../runtime/request-context';
import { loggableUrl } from '../logging/loggable-url';
import { summariseBody } from './body-summary';
import type { AuditSink, OperationRecord } from './operation-record';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_PATH = 2048;
const MAX_USER_AGENT = 512;

/**
 * Every request that may change something, every refused one whatever its method, and the reads
 * a route marks as audited (an export).
 */
export function isAudited(method: string, status: number, marked = false): boolean {
  return marked || !READS.has(method) || status === 401 || status === 403;
}

export interface FinishedRequest {
  req: Request;
  state: RequestState;
  status: number;
  durationMs: number;
}

interface Watched {
  req: Request;
  state: RequestState;
  started: bigint;
  sinks: () => readonly AuditSink[];
  log: Logger;
}

/** Requests being served whose record is still to be handed over, by their response. */
const watched = new WeakMap<ServerResponse, Watched>();

/** Follows a request from its start, so its record can be handed over before it is answered. */
export function watchForAudit(res: ServerResponse, request: Watched): void {
  watched.set(res, request);
}

/**
 * Before a successful answer to an audited request is written: hands its record to the sinks and
 * waits until those that keep records durably (their `record` answers a promise) have done so,
 * so a 2xx is never seen for an operation whose record a crash could still lose. Never throws:
 * the operation is done, and a sink that fails is logged.
 */
export function auditBeforeAnswer(res: ServerResponse, status: number): Promise<void> | undefined {
  const request = watched.get(res);
  // Nothing to wait for (a read, say): no promise, so the answer goes out in the same tick.
  if (!request || status < 200 || status > 299 || !isAudited(request.req.method, status, request.state.audited)) return undefined;
  watched.delete(res);
  const durationMs = Math.round(Number(process.hrtime.bigint() - request.started) / 1e5) / 10;
  return handToSinks(request.sinks, { req: request.req, state: request.state, status, durationMs }, request.log);
}

/** Once the response is sent or abandoned: the record of an audited request not handed over yet. */
export function auditOnClose(res: ServerResponse, status: number, durationMs: number): void {
  const request = watched.get(res);
  if (!request) return;
  watched.delete(res);
  if (isAudited(request.req.method, status, request.state.audited))
    void handToSinks(request.sinks, { req: request.req, state: request.state, status, durationMs }, request.log);
}

/**
 * Hands a finished request to every sink; resolves once the sinks that answer a promise have
 * settled. Neither building the record nor a sink may affect the request or the next one: a
 * failure is logged and the sinks that work still get the record.
 */
export async function handToSinks(sinks: () => readonly AuditSink[], finished: FinishedRequest, log: Logger): Promise<void> {
  const durable: Promise<void>[] = [];
  try {
    const all = sinks();
    if (all.length === 0) return;
    const record = operationRecord(finished);
    const failed = (error: unknown) => log.error({ err: error, traceId: record.traceId }, 'an audit sink failed: the operation is missing from it');
    for (const sink of all) {
      try {
        const kept = sink.record(record);
        if (kept) durable.push(kept.catch(failed));
      } catch (error) {
        failed(error);
      }
    }
  } catch (error) {
    log.error({ err: error, traceId: finished.state.traceId }, 'the operation could not be handed to the audit sinks');
  }
  await Promise.all(durable);
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
    credential: state.principal?.credential ?? null,
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
