import { randomInt } from 'node:crypto';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { expectError, expectSuccess } from '../http/helpers';
import { startInstances, type Instances } from '../support/instances';
import { createRole, createUserAndLogin, login, uniqueName } from '../support/identity';
import { ADMIN, type TestServer } from '../support/server';

/**
 * Two instances on one PostgreSQL, sharing Redis: what one revokes, the other refuses on the very
 * next request. Needs a PostgreSQL server (the embedded database belongs to one process) and
 * Redis: it runs in CI's second pass, where both are set, and is skipped otherwise.
 */
describe('auth: two instances sharing PostgreSQL and Redis', function () {
  let instances: Instances | null = null;
  let first: TestServer;
  let second: TestServer;

  before(async function () {
    // The login counters live in Redis across runs: each run fails from an address of its own.
    instances = await startInstances({
      env: { JWT_SECRET: 'a-secret-both-instances-share-0123456789' },
      config: { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] },
    });
    if (!instances) this.skip();
    ({ first, second } = instances);
  });

  after(() => instances?.stop());

  const me = (server: TestServer, bearer: string) => server.http().get('/api/v1/me').set('Authorization', bearer);

  it('refuses on one instance, at the next request, a session forced out on the other', async () => {
    const user = await createUserAndLogin(first, { permissions: ['me:*:*'] });
    // The second instance now holds the caller in its cache.
    expectSuccess(await me(second, user.tokens.bearer));
    const sid = (jwt.decode(user.tokens.accessToken) as jwt.JwtPayload).sid as string;
    expectSuccess(await first.http().delete(`/api/v1/system/sessions/${sid}`).set('Authorization', ADMIN));
    expectError(await me(second, user.tokens.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  it('refuses on one instance, at the next request, a session that logged out on the other', async () => {
    const user = await createUserAndLogin(first, { permissions: ['me:*:*'] });
    expectSuccess(await me(second, user.tokens.bearer));
    expectSuccess(await first.http().post('/api/v1/auth/logout').set('Authorization', user.tokens.bearer));
    expectError(await me(second, user.tokens.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  it('refuses on one instance the other sessions of a user who changed their password on the other', async () => {
    const user = await createUserAndLogin(first, { permissions: ['me:*:*'] });
    const elsewhere = await login(second, user.username, user.password);
    expectSuccess(await me(second, elsewhere.bearer));
    const changed = await first
      .http()
      .put('/api/v1/me/password')
      .set('Authorization', user.tokens.bearer)
      .send({ oldPassword: user.password, newPassword: 'a-new-password-456' });
    expectSuccess(changed);
    expectError(await me(second, elsewhere.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
    expectSuccess(await me(second, user.tokens.bearer));
  });

  it('applies on one instance, at the next request, a role changed on the other', async () => {
    const role = await createRole(first, { permissions: ['me:profile:query'] });
    const user = await createUserAndLogin(first, { roleIds: [role.id] });
    const sessions = (server: TestServer) => server.http().get('/api/v1/system/sessions').set('Authorization', user.tokens.bearer);
    expectError(await sessions(second), 403, 'PERM_DENIED_403');
    expectSuccess(
      await first
        .http()
        .put(`/api/v1/roles/${role.id}`)
        .set('Authorization', ADMIN)
        .send({ permissions: ['system:session:list'], version: role.version }),
    );
    expectSuccess(await sessions(second));
  });

  it('refuses on one instance, at the next request, the sessions of a tenant disabled on the other', async () => {
    const password = 'two-instance-tenant-passphrase-1';
    const code = uniqueName('tenant');
    const created = await first
      .http()
      .post('/api/v1/tenants')
      .set('Authorization', ADMIN)
      .send({ code, name: code, admin: { username: 'chief', password } });
    const tenant = expectSuccess(created, 201).data as { id: string; version: number };
    const chief = await login(first, 'chief', password, { tenant: code });
    expectSuccess(await me(second, chief.bearer));
    expectSuccess(await first.http().put(`/api/v1/tenants/${tenant.id}`).set('Authorization', ADMIN).send({ status: 'disabled', version: tenant.version }));
    expectError(await me(second, chief.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
    expectError(await second.http().post('/api/v1/auth/login').send({ tenant: code, username: 'chief', password }), 401, 'AUTH_TENANT_DISABLED_401');
  });

  it('counts failed logins across instances', async () => {
    const user = await createUserAndLogin(first, { username: uniqueName('shared') });
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const attempt = (server: TestServer, password: string) =>
      server.http().post('/api/v1/auth/login').set('X-Forwarded-For', address).send({ username: user.username, password });
    for (const server of [first, second, first, second, first]) expectError(await attempt(server, 'wrong-password'), 401, 'AUTH_INVALID_CREDENTIALS_401');
    const refused = await attempt(second, user.password);
    expectError(refused, 429, 'AUTH_TOO_MANY_ATTEMPTS_429');
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 600);
  });
});
