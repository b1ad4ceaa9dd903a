import type { IncomingHttpHeaders } from 'node:http';
import { credentialStrategy, type Authenticator, type ModuleContext } from '@atrium/kernel';
import { looksLikeKey } from './api-key-secret';
import { apiKeysState } from './api-keys-state';

/**
 * The module's contribution to `kernel.authenticator`: the Passport strategy `api-key`. A key is
 * sent as `X-API-Key: atr_…` or `Authorization: Bearer atr_…`; a request with neither is left to
 * the other strategies (a JWT is auth's).
 */
export function apiKeyAuthenticator(ctx: ModuleContext): Authenticator {
  return {
    name: 'api-key',
    strategy: credentialStrategy('api-key', async ({ headers }) => {
      const presented = presentedKey(headers);
      return presented === undefined ? null : apiKeysState(ctx).callers.callerOf(presented);
    }),
    carries: ({ headers }) => presentedKey(headers) !== undefined,
  };
}

/** The key a request carries: any `X-API-Key` value is one (a malformed one is refused), a bearer credential when it starts `atr_`. */
function presentedKey(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['x-api-key'];
  if (typeof header === 'string') return header.trim();
  const bearer = /^Bearer +(\S+) *$/i.exec(headers.authorization ?? '')?.[1];
  return bearer !== undefined && looksLikeKey(bearer) ? bearer : undefined;
}
