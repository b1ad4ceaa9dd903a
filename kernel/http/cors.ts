import cors from 'cors';
import type { RequestHandler } from 'express';

/** What a browser page on an allowed origin may send beyond the simple headers. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Accept-Language', 'X-Request-Id', 'Idempotency-Key', 'traceparent'];

/** Response headers such a page may read: the trace id, when to retry, rate limits, replays, download names. */
export const CORS_EXPOSED_HEADERS = [
  'X-Request-Id',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Idempotent-Replayed',
  'Content-Disposition',
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** How long a browser may reuse a preflight's answer (Chromium caps it at two hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for the origins in CORS_ORIGINS, exactly as listed (no wildcard). A preflight from one of
 * them is answered 204 here, before rate limits and authentication: it carries no credentials and
 * does nothing, and a 429 or 401 to it would fail the real request the browser has yet to send.
 * Credentials (cookies) are not allowed: Atrium authenticates by bearer tokens a client sends
 * itself, so a page needs none. Another origin gets no CORS header, which a browser enforces.
 */
export function corsMiddleware(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  const handle = cors({
    origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
    methods: METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    optionsSuccessStatus: 204,
  });
  return (req, res, next) => {
    // Every answer depends on Origin, allowed or not: a shared cache must keep them apart.
    res.vary('Origin');
    handle(req, res, next);
  };
}
