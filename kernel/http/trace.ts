import { randomBytes } from 'node:crypto';

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;
const REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

/** The request's trace id: the W3C `traceparent` trace-id when one is sent, else a new one. */
export function traceIdOf(traceparent: string | undefined): string {
  const match = traceparent ? TRACEPARENT.exec(traceparent.trim()) : null;
  if (match && !/^0+$/.test(match[1])) return match[1];
  return randomBytes(16).toString('hex');
}

/** The client's X-Request-Id when it is safe to echo back as a header, else undefined. */
export function echoableRequestId(value: string | string[] | undefined): string | undefined {
  const id = Array.isArray(value) ? value[0] : value;
  return id !== undefined && REQUEST_ID.test(id) ? id : undefined;
}
