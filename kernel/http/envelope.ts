import type { Response } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../errors/app-error';
import type { Language } from '../errors/error-catalogue';
import { KernelErrors } from '../errors/kernel-errors';
import { auditBeforeAnswer } from '../audit/audit-trail';
import { isConnectionFailure } from '../db/connection-failure';
import { frameworkClientError } from './framework-errors';

const SUCCESS = { en: 'OK', zh: '成功' } as const;

/**
 * Writes a successful envelope: `{ code: "0", message, data, traceId }`, once the request's audit
 * record is durable (auditBeforeAnswer).
 */
export async function sendData(res: Response, status: number, data: unknown, traceId: string, language: Language): Promise<void> {
  const audited = auditBeforeAnswer(res, status);
  if (audited) await audited;
  sendJson(res, status, { code: '0', message: SUCCESS[language], data: data ?? {}, traceId });
}

/**
 * The envelope as JSON, written straight to the response: express's res.json() would also hash
 * the body for an ETag and parse the content type back, which cost a trivial route a tenth of
 * its time, and no API client revalidates an envelope that carries a fresh trace id each time.
 */
function sendJson(res: Response, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

/**
 * Writes an error envelope: `{ code, message, details, traceId }`. An unexpected failure is
 * logged whole (the original error, not its 500 wrapper) and answered without stack or SQL.
 */
export function sendError(res: Response, error: unknown, traceId: string, language: Language, log: Logger): void {
  const appError = toAppError(error);
  if (appError.status >= 500) log.error({ err: appError.cause ?? appError, code: appError.code }, 'request failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const [name, value] of Object.entries(appError.headers)) res.setHeader(name, value);
  sendJson(res, appError.status, {
    code: appError.code,
    message: appError.definition.messages[language],
    details: appError.details,
    traceId,
  });
}

/**
 * Anything that is neither an AppError nor a client error express raised is the server's: a 503
 * when a connection failed (the database, or any service reached over a socket), a 500 otherwise.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return frameworkClientError(error) ?? internalError(error);
}

/**
 * Seconds a client is asked to wait after a failed connection: the pool opens a new connection
 * for the next request, so a database that is back serves it; short enough not to strand a user.
 */
const CONNECTION_RETRY_AFTER_SECONDS = 5;

export function internalError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isConnectionFailure(error)) {
    return new AppError(KernelErrors.SYSTEM_DEPENDENCY_UNAVAILABLE_503, {
      cause: error,
      headers: { 'Retry-After': String(CONNECTION_RETRY_AFTER_SECONDS) },
      details: [{ rule: 'dependency', message: 'a connection to a service it needs failed' }],
    });
  }
  return new AppError(KernelErrors.SYSTEM_INTERNAL_ERROR_500, { cause: error });
}
