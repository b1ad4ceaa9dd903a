import { defineModule } from '@atrium/kernel';
import { apiDocsArePublic } from './api-docs-access';
import { apiDocs, listErrorCodes, listPermissions, manifestSchema, metrics } from './catalog.routes';
import { docsAsset, docsPage } from './docs.routes';
import { health, info, ready } from './health.routes';
import { disableModule, enableModule, getModule, listModules } from './modules.routes';

export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/modules': '模块管理', '/system/permissions': '权限列表', '/system/info': '实例信息' } },
  // Disabling the module that enables modules would leave no way back.
  essential: true,
  routes: [
    health,
    ready,
    info,
    listModules,
    getModule,
    enableModule,
    disableModule,
    listPermissions,
    listErrorCodes,
    apiDocs,
    manifestSchema,
    metrics,
    docsPage,
    docsAsset,
  ],
  // A mistyped API_DOCS_PUBLIC stops the start instead of leaving the catalog open or shut by surprise.
  start: (ctx) => void apiDocsArePublic(ctx.environment),
});
