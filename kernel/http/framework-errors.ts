import { AppError } from '../errors/app-error';
import type { ErrorDefinition } from '../errors/error-definition';
import { KernelErrors } from '../errors/kernel-errors';

/** The catalogued code a client error of express itself is answered with, by its status. */
const BY_STATUS: ReadonlyMap<number, ErrorDefinition> = new Map([
  [404, KernelErrors.SYSTEM_NOT_FOUND_404],
  [413, KernelErrors.SYSTEM_PAYLOAD_TOO_LARGE_413],
]);

/**
 * An error express raised before any route ran, as the client's mistake it says it is: the
 * router rejects a path segment that is not valid percent-encoding with status 400, and that is
 * a bad request, not a server failure. Only errors from outside route pipelines reach this
 * (compileRoute turns whatever a handler throws into an AppError), so a library error's own
 * `status` inside a handler (an upstream 404) never becomes the response's.
 */
export function frameworkClientError(error: unknown): AppError | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  const message = error instanceof Error && error.message ? error.message : 'the request is invalid';
  return new AppError(BY_STATUS.get(status) ?? KernelErrors.VALIDATION_FAILED_400, { cause: error, details: [{ rule: 'http', message }] });
}
