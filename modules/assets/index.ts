import { BackgroundExportSpi, ReadinessSpi, contribute, defineModule, rowScoped } from '@atrium/kernel';
import { BuiltinParamsSpi } from '@atrium/module/params';
import { TaskHandlerSpi } from '@atrium/module/tasks';
import { AssetStorageSpi } from './api';
import { AssetEntity } from './asset.entity';
import { CLEANUP_PERMISSION, assetTaskHandlers } from './cleanup.task';
import { assetsRuntime, setupAssets } from './assets-runtime';
import { deleteAsset, getAsset, listAssets, uploadAsset } from './assets.routes';
import { downloadAsset, signAssetUrl, signedDownload } from './downloads.routes';
import { AssetErrors } from './errors';
import { backgroundExports } from './exports/background-exports';
import { BACKGROUND_ROWS } from './exports/export-settings';
import { ALLOWED_TYPES, MAX_BYTES } from './settings';
import { localStorageProvider } from './storage/local-store';
import { s3StorageProvider } from './storage/s3-store';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/assets': '文件管理' } },
  errors: AssetErrors,
  entities: [AssetEntity],
  // An asset records no department: a data scope narrows a caller to their own uploads (`all`
  // sees every one), and the uploader always sees theirs, whatever their scope.
  rowScoped: [rowScoped(AssetEntity, { owner: 'createdBy', ownerAlwaysSees: true })],
  routes: [listAssets, uploadAsset, getAsset, deleteAsset, downloadAsset, signAssetUrl, signedDownload],
  contributes: [
    contribute(BuiltinParamsSpi, () => ({ definitions: [MAX_BYTES, ALLOWED_TYPES, BACKGROUND_ROWS] })),
    contribute(AssetStorageSpi, (ctx) => ({ providers: [localStorageProvider(ctx), s3StorageProvider] })),
    contribute(ReadinessSpi, (ctx) => ({ dependency: 'storage', check: async () => (await assetsRuntime(ctx).store.ready?.()) ?? null })),
    contribute(TaskHandlerSpi, assetTaskHandlers),
    contribute(BackgroundExportSpi, backgroundExports),
  ],
  permissionsCheckedInCode: [CLEANUP_PERMISSION],
  setup: setupAssets,
  stop: async (ctx) => {
    await ctx.state.store.close?.();
  },
});
