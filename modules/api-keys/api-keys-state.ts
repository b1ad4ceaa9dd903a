import type { ModuleContext } from '@atrium/kernel';
import { ParamsApi } from '@atrium/module/params';
import { ApiKeyStore } from './api-key.store';
import { KeyCallers } from './key-callers';
import { KeyRateLimit } from './key-rate-limit';
import { REQUESTS_PER_MINUTE } from './settings';

/** What the module keeps while it runs, for its routes and its strategy. */
export interface ApiKeysState {
  store: ApiKeyStore;
  callers: KeyCallers;
}

export function apiKeysState(ctx: ModuleContext): ApiKeysState {
  return ctx.state as ApiKeysState;
}

export function setupApiKeys(ctx: ModuleContext): ApiKeysState {
  const store = new ApiKeyStore(ctx.db);
  const rate = new KeyRateLimit(ctx.cache, () => ctx.use(ParamsApi).get(REQUESTS_PER_MINUTE));
  return { store, callers: new KeyCallers(ctx, store, rate) };
}
