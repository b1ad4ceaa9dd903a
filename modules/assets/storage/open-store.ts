import type { ModuleContext } from '@atrium/kernel';
import { AssetStorageSpi, type AssetStore } from '../api';

export const ASSET_STORAGE = 'ASSET_STORAGE';
const DEFAULT_STORAGE = 'local';

/**
 * The store `ASSET_STORAGE` names (default `local`), from the providers the enabled modules
 * contribute to `assets.storage`. A name no provider has, or two providers have, stops the
 * module's start with the names there are.
 */
export async function openStore(ctx: ModuleContext): Promise<{ name: string; store: AssetStore }> {
  const name = ctx.environment.variable(ASSET_STORAGE)?.trim() || DEFAULT_STORAGE;
  const providers = ctx.contributions(AssetStorageSpi).flatMap((contribution) => contribution.providers);
  const matching = providers.filter((provider) => provider.name === name);
  const known = providers.map((provider) => provider.name).join(', ');
  if (matching.length === 0) throw new Error(`${ASSET_STORAGE} is "${name}", which no storage provider offers: set it to one of ${known}`);
  if (matching.length > 1)
    throw new Error(`${ASSET_STORAGE} is "${name}", which ${matching.length} storage providers offer: disable the modules of all but one`);
  return { name, store: await matching[0].create(ctx.environment) };
}
