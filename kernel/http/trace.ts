import { randomBytes } from 'node:crypto';

/**
 * W3C Trace Context `traceparent`: `version-traceid-parentid-flags`, lowercase hex. Version
 * `ff` is invalid; a later version may append fields after the four we read, version 00 may not.
 */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(-.*)?$/;
const ALL_ZEROS = /^0+$/;
const REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

/** The request's trace id: the W3C `traceparent` trace-id when a valid one is sent, else a new one. */
export function traceIdOf(traceparent: string | undefined): string {
  const match = traceparent ? TRACEPARENT.exec(traceparent.trim()) : null;
  return match && isValid(match) ? match[2] : newTraceId();
}

// New ids are cut from a pool of random bytes: one randomBytes(16) per request cost ten times as
// much (2.5% of a GET /me in bench/me.bench.ts). The same source, read in larger draws.
const POOL_BYTES = 4096;
let pool = randomBytes(POOL_BYTES);
let used = 0;

function newTraceId(): string {
  if (used + 16 > POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += 16;
  return pool.toString('hex', used - 16, used);
}

/** The spec ignores the whole header when any part of it is invalid. */
function isValid([, version, traceId, parentId, extra]: RegExpExecArray): boolean {
  if (version === 'ff' || (version === '00' && extra !== undefined)) return false;
  return !ALL_ZEROS.test(traceId) && !ALL_ZEROS.test(parentId);
}

/** The client's X-Request-Id when it is safe to echo back as a header, else undefined. */
export function echoableRequestId(value: string | string[] | undefined): string | undefined {
  const id = Array.isArray(value) ? value[0] : value;
  return id !== undefined && REQUEST_ID.test(id) ? id : undefined;
}
