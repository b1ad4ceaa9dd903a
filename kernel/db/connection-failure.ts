/**
 * Whether an error says the database could not be reached — a connection refused, dropped or
 * timed out, a server shutting down — rather than that it refused the statement. Only the first
 * kind is an outage worth a 503 and a retry; a constraint violation or a syntax error keeps its
 * own meaning. Recognised by what pg, knex and Node put on the error (codes, names, pg's fixed
 * messages), along the `cause` chain, since MikroORM and the kernel wrap driver errors.
 */

/** Socket-level failures Node reports (`error.code`) when a host is down, refuses or vanishes. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unreachable server: class 08 (connection exception), 57P01–57P03 (the server
 * is shutting down, crashed, or not accepting connections yet) and 53300 (no connection slot left).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/**
 * pg and knex raise these as plain Errors without a code. knex puts the failed statement in front
 * (`select … - Connection terminated unexpectedly`), so each may follow ` - `.
 */
const MESSAGES = [
  'Connection terminated', // pg: the socket closed under a query or while connecting
  'timeout exceeded when trying to connect', // pg: connectionTimeoutMillis
  'Client has encountered a connection error and is not queryable', // pg: a client broken earlier
  'Client was closed and is not queryable',
  'Knex: Timeout acquiring a connection', // knex: the pool could not hand out a connection in time
].map((start) => new RegExp(`(?:^| - )${start}`));

const MAX_DEPTH = 8;

export function isConnectionFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && current instanceof Error; depth++) {
    if (saysUnreachable(current)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isConnectionFailure(inner))) return true;
    current = current.cause;
  }
  return false;
}

function saysUnreachable(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (error.name === 'KnexTimeoutError' || error.name === 'ConnectionException') return true;
  return MESSAGES.some((pattern) => pattern.test(error.message));
}
