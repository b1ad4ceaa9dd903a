import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequest } from '../http/request-context';
import { REDACTED, redactPaths } from './secrets';

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'atrium' },
      timestamp: pino.stdTimeFunctions.isoTime,
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
