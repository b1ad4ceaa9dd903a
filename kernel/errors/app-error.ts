import type { ErrorDefinition } from './error-definition';

/** One entry of an error response's `details` (api.md: `{ field?, rule?, message }`). */
export interface ErrorDetail {
  /** JSON pointer into the request, e.g. `/body/username`, `/query/pageSize`. */
  field?: string;
  rule?: string;
  message: string;
  [extra: string]: unknown;
}

export interface AppErrorOptions {
  details?: ErrorDetail[];
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The only error a handler throws on purpose. Anything else that escapes a handler is an
 * unexpected failure and answers `SYSTEM_INTERNAL_ERROR_500`.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(
    readonly definition: ErrorDefinition,
    options: AppErrorOptions = {},
  ) {
    super(definition.messages.en, { cause: options.cause });
    this.name = 'AppError';
    this.code = definition.code;
    this.status = definition.status;
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
  }
}
