import { AuthenticatorSpi, contribute, defineModule } from '@atrium/kernel';
import { BuiltinParamsSpi } from '@atrium/module/params';
import { UserLifecycleSpi } from '@atrium/module/users';
import { ApiKeyEntity } from './api-key.entity';
import { setupApiKeys } from './api-keys-state';
import { apiKeyAuthenticator } from './authenticator';
import { ApiKeyErrors } from './errors';
import { keysFollowOwners } from './owner-deleted';
import { createMyApiKey, listMyApiKeys, revokeMyApiKey } from './my-api-keys.routes';
import { REQUESTS_PER_MINUTE } from './settings';
import { listApiKeys, revokeApiKey } from './system-api-keys.routes';

export default defineModule({
  errors: ApiKeyErrors,
  entities: [ApiKeyEntity],
  routes: [listMyApiKeys, createMyApiKey, revokeMyApiKey, listApiKeys, revokeApiKey],
  contributes: [
    contribute(AuthenticatorSpi, apiKeyAuthenticator),
    contribute(UserLifecycleSpi, keysFollowOwners),
    contribute(BuiltinParamsSpi, () => ({ definitions: [REQUESTS_PER_MINUTE] })),
  ],
  setup: setupApiKeys,
});
