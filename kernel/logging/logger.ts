import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequest } from '../http/request-context';

/**
 * Keys whose values never reach a log line, wherever they sit in the logged object (two levels
 * deep covers `body.password`, `headers.authorization`, `err.config.token`…).
 */
const SECRET_KEYS = [
  'authorization', 'cookie', 'set-cookie', 'x-api-key', 'password', 'oldPassword', 'newPassword',
  'token', 'accessToken', 'refreshToken', 'secret', 'signature', 'sig', 'apiKey', 'clientSecret',
];

export const REDACTED = '[redacted]';

function redactPaths(): string[] {
  const paths: string[] = [];
  for (const key of SECRET_KEYS) {
    const plain = /^[A-Za-z_$][\w$]*$/.test(key);
    const segment = plain ? `.${key}` : `["${key}"]`;
    if (plain) paths.push(key);
    paths.push(`*${segment}`, `*.*${segment}`);
  }
  return paths;
}

/** Query parameters that carry credentials (signed URLs, tokens in links). */
const SECRET_QUERY = /([?&](?:sig|signature|token|access_token|refresh_token|key)=)[^&#]*/gi;

/** A URL as it may be logged: secrets in its query string replaced. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_QUERY, `$1${REDACTED}`);
}

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
