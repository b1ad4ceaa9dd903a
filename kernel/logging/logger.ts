import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentRequest } from '../runtime/request-context';
import { REDACTED, redactPaths } from './secrets';

function baseOptions(level: string): LoggerOptions {
  return { level, base: { service: 'atrium' }, timestamp: pino.stdTimeFunctions.isoTime };
}

/** The application logger: any object may be logged, so secrets are redacted wherever they sit. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      ...baseOptions(level),
      redact: { paths: redactPaths(), censor: REDACTED },
      // Every line logged while serving a request carries that request's traceId.
      mixin() {
        const request = currentRequest();
        return request ? { traceId: request.traceId } : {};
      },
    },
    destination,
  );
}

/**
 * The access logger, writing to the same destination. Its lines have a fixed shape the kernel
 * builds from safe parts (a URL already cleaned by `loggableUrl`, a route template, a status), so
 * they skip the wildcard redaction, which costs twenty times the rest of the line, and carry
 * their traceId themselves (no lookup of the request's context for each line).
 */
export function createAccessLogger(log: Logger): Logger {
  const destination = (log as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  return pino(baseOptions(log.level), destination);
}
