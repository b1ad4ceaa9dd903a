import { defineParam } from '@atrium/module/params';

/** The module's built-in param: operators change it through /params, and the next request follows. */
export const REQUESTS_PER_MINUTE = defineParam({
  key: 'api-keys.requestsPerMinute',
  name: 'Requests per minute allowed per API key',
  type: 'integer',
  default: 600,
  min: 1,
  max: 100_000,
  description: 'Counted per key across every instance, in fixed one-minute windows; beyond it a request with the key answers 429 with Retry-After.',
});

/** How far ahead a key's expiry may be set: a key that outlives a year is one nobody remembers. */
export const MAX_LIFETIME_DAYS = 365;
