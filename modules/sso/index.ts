import { defineModule } from '@atrium/kernel';
import { encryptionKeyProblems, keyWarning } from './client-secret';
import { SsoErrors } from './errors';
import { LinkEntity, ProviderEntity } from './provider.entity';
import { providers } from './provider.resource';
import { providerRedirectUri } from './redirect-uri.routes';
import { exchangeOidcCode, listSignInProviders, oidcCallback, startOidc } from './sso.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: SsoErrors,
  menuTitles: { zh: { '/system/sso-providers': '单点登录' } },
  entities: [ProviderEntity, LinkEntity],
  routes: [...providers.routes, providerRedirectUri, listSignInProviders, startOidc, oidcCallback, exchangeOidcCode],
  checkEnvironment: encryptionKeyProblems,
  start: keyWarning,
});
