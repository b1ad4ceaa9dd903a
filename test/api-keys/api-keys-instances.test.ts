import { expectError, expectSuccess } from '../http/helpers';
import { startInstances, type Instances } from '../support/instances';
import { createUserAndLogin } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';
import { makeKey, withKey } from './api-key-helpers';

/**
 * Two instances on one PostgreSQL, sharing Redis: a key revoked, or whose owner is disabled, on
 * one is refused by the other at its very next request, though the other had it cached. Needs
 * DATABASE_URL and REDIS_URL; skipped otherwise.
 */
describe('API keys: two instances sharing PostgreSQL and Redis', function () {
  let instances: Instances | null = null;
  let first: TestServer;
  let second: TestServer;

  before(async function () {
    instances = await startInstances({ env: { JWT_SECRET: 'a-secret-both-instances-share-0123456789' } });
    if (!instances) this.skip();
    ({ first, second } = instances);
  });

  after(() => instances?.stop());

  it('refuses on one instance, at the next request, a key revoked on the other', async () => {
    const user = await createUserAndLogin(first, { permissions: ['me:*:*'] });
    const made = await makeKey(first, user.tokens.bearer, ['me:profile:query']);
    // The second instance now holds the key and its owner in its cache.
    expectSuccess(await withKey(second, made.key));
    expectSuccess(await first.http().delete(`/api/v1/me/api-keys/${made.id}`).set('Authorization', user.tokens.bearer));
    expectError(await withKey(second, made.key), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  it('refuses on one instance, at the next request, the key of an owner disabled on the other', async () => {
    const user = await createUserAndLogin(first, { permissions: ['me:*:*'] });
    const made = await makeKey(first, user.tokens.bearer, ['me:profile:query']);
    expectSuccess(await withKey(second, made.key));
    expectSuccess(await first.http().put(`/api/v1/users/${user.id}`).set('Authorization', ADMIN).send({ status: 'disabled', version: user.version }));
    expectError(await withKey(second, made.key), 401, 'AUTH_TOKEN_REVOKED_401');
  });
});
