import type { Response } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../errors/app-error';
import type { Language } from '../errors/error-catalogue';
import { KernelErrors } from '../errors/kernel-errors';

const SUCCESS = { en: 'OK', zh: '成功' } as const;

/** Writes a successful envelope: `{ code: "0", message, data, traceId }`. */
export function sendData(res: Response, status: number, data: unknown, traceId: string, language: Language): void {
  res.status(status).json({ code: '0', message: SUCCESS[language], data: data ?? {}, traceId });
}

/**
 * Writes an error envelope: `{ code, message, details, traceId }`. Anything that is not an
 * AppError is an unexpected failure: it is logged whole and answered without stack or SQL.
 */
export function sendError(res: Response, error: unknown, traceId: string, language: Language, log: Logger): void {
  const appError = toAppError(error);
  if (appError.status >= 500) log.error({ err: error }, 'request failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const [name, value] of Object.entries(appError.headers)) res.setHeader(name, value);
  res.status(appError.status).json({
    code: appError.code,
    message: appError.definition.messages[language],
    details: appError.details,
    traceId,
  });
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError(KernelErrors.SYSTEM_INTERNAL_ERROR_500, { cause: error });
}
