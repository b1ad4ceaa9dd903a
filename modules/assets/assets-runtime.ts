import type { ModuleContext } from '@atrium/kernel';
import type { AssetStore } from './api';
import { maxBytesCeiling } from './settings';
import { UrlSigner } from './signed-url';
import { openStore } from './storage/open-store';
import { loadUrlSecret } from './url-secret';

/** What the module assembles at start() from its environment, for its routes and its cleanup. */
export interface AssetsRuntime {
  /** The provider ASSET_STORAGE chose. */
  storageName: string;
  store: AssetStore;
  signer: UrlSigner;
  /** ASSET_MAX_BYTES: the ceiling the upload limit param cannot raise. */
  maxBytesCeiling: number | undefined;
}

/** The module's state (what setupAssets returned), for its routes, contributions and tasks. */
export function assetsRuntime(ctx: ModuleContext): AssetsRuntime {
  return ctx.state as AssetsRuntime;
}

/**
 * Reads the environment (a bad ASSET_MAX_BYTES, ASSET_URL_SECRET, ASSET_STORAGE or provider
 * setting stops the start, naming the variable), loads the URL secret and opens the store.
 */
export async function setupAssets(ctx: ModuleContext): Promise<AssetsRuntime> {
  const ceiling = maxBytesCeiling(ctx.environment);
  const signer = new UrlSigner(await loadUrlSecret(ctx.environment, ctx.db));
  const { name, store } = await openStore(ctx);
  ctx.log.info({ storage: name, maxBytesCeiling: ceiling ?? null }, 'assets storage ready');
  return { storageName: name, store, signer, maxBytesCeiling: ceiling };
}
