import { contribute, defineModule } from '@atrium/kernel';
import { TaskHandlerSpi } from '@atrium/module/tasks';
import { UserLifecycleSpi } from '@atrium/module/users';
import { keyWarning } from './client-secret';
import { SsoErrors } from './errors';
import { linksFollowUsers } from './links';
import { LinkEntity, ProviderEntity } from './provider.entity';
import { providers } from './provider.resource';
import { PURGE_PERMISSION, purgeTask } from './purge';
import { providerRedirectUri } from './redirect-uri.routes';
import { exchangeOidcCode, listSignInProviders, oidcCallback, startOidc } from './sso.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: SsoErrors,
  menuTitles: { zh: { '/system/sso-providers': '单点登录' } },
  entities: [ProviderEntity, LinkEntity],
  routes: [...providers.routes, providerRedirectUri, listSignInProviders, startOidc, oidcCallback, exchangeOidcCode],
  contributes: [contribute(UserLifecycleSpi, linksFollowUsers), contribute(TaskHandlerSpi, (ctx) => ({ handlers: [purgeTask(ctx)] }))],
  permissionsCheckedInCode: [PURGE_PERMISSION],
  start: keyWarning,
});
