import { defineModule } from '@atrium/kernel';
import { apiDocs, listErrorCodes, listPermissions, manifestSchema, metrics } from './catalog.routes';
import { health, info, ready } from './health.routes';
import { disableModule, enableModule, getModule, listModules } from './modules.routes';

export default defineModule({
  // Disabling the module that enables modules would leave no way back.
  essential: true,
  routes: [
    health, ready, info,
    listModules, getModule, enableModule, disableModule,
    listPermissions, listErrorCodes, apiDocs, manifestSchema, metrics,
  ],
});
