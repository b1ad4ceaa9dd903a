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

const running = new WeakMap<ModuleContext, AssetsRuntime>();

/** The started module's runtime; routes only run while it is started. */
export function assetsRuntime(ctx: ModuleContext): AssetsRuntime {
  const runtime = running.get(ctx);
  if (!runtime) throw new Error('the assets module is not started');
  return runtime;
}

/**
 * Reads the environment (a bad ASSET_MAX_BYTES, ASSET_URL_SECRET, ASSET_STORAGE or provider
 * setting stops the start, naming the variable), loads the URL secret and opens the store.
 */
export async function startAssets(ctx: ModuleContext): Promise<void> {
  const ceiling = maxBytesCeiling(ctx.environment);
  const signer = new UrlSigner(await loadUrlSecret(ctx.environment, ctx.db));
  const { name, store } = await openStore(ctx);
  running.set(ctx, { storageName: name, store, signer, maxBytesCeiling: ceiling });
  ctx.log.info({ storage: name, maxBytesCeiling: ceiling ?? null }, 'assets storage ready');
}

export async function stopAssets(ctx: ModuleContext): Promise<void> {
  const runtime = running.get(ctx);
  running.delete(ctx);
  await runtime?.store.close?.();
}
