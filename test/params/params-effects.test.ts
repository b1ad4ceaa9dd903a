import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { createUser, createUserAndLogin, login, setParam } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

/** The test client connects from loopback; this server believes its X-Forwarded-For. */
const TRUSTED_LOOPBACK = { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] };

/**
 * The built-in params steer the running system: a change made through /params applies to the
 * next request that reads it, without a restart.
 */
describe('params: built-in params taking effect', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ config: TRUSTED_LOOPBACK });
  });
  after(() => server?.stop());

  describe('auth.login.maxFailures', () => {
    after(() => setParam(server, 'auth.login.maxFailures', '5'));

    const attempt = (username: string, password: string, from: string) =>
      server.http().post('/api/v1/auth/login').set('X-Forwarded-For', from).send({ username, password });

    it('set to 2, answers the 3rd failed login 429 AUTH_TOO_MANY_ATTEMPTS_429, even with the right password', async () => {
      const user = await createUser(server);
      await setParam(server, 'auth.login.maxFailures', '2');
      expectError(await attempt(user.username, 'wrong-password', '192.0.2.10'), 401, 'AUTH_INVALID_CREDENTIALS_401');
      expectError(await attempt(user.username, 'wrong-password', '192.0.2.10'), 401, 'AUTH_INVALID_CREDENTIALS_401');
      const refused = await attempt(user.username, user.password, '192.0.2.10');
      expectError(refused, 429, 'AUTH_TOO_MANY_ATTEMPTS_429');
      expect(Number(refused.headers['retry-after'])).to.be.within(1, 600);
    });

    it('raised again, lets the account in at the next attempt', async () => {
      const user = await createUser(server);
      await setParam(server, 'auth.login.maxFailures', '2');
      for (let i = 0; i < 2; i += 1) expectError(await attempt(user.username, 'wrong-password', '192.0.2.11'), 401, 'AUTH_INVALID_CREDENTIALS_401');
      expectError(await attempt(user.username, user.password, '192.0.2.11'), 429, 'AUTH_TOO_MANY_ATTEMPTS_429');
      await setParam(server, 'auth.login.maxFailures', '10');
      expectSuccess(await attempt(user.username, user.password, '192.0.2.11'));
    });
  });

  describe('auth.accessToken.ttlSeconds', () => {
    after(() => setParam(server, 'auth.accessToken.ttlSeconds', '900'));

    it('applies to the tokens of the next login; tokens issued before keep their lifetime', async () => {
      const user = await createUserAndLogin(server, { permissions: ['me:*:*'] });
      expect(user.tokens.expiresIn).to.equal(900);
      await setParam(server, 'auth.accessToken.ttlSeconds', '60');
      const next = await login(server, user.username, user.password);
      expect(next.expiresIn).to.equal(60);
      const claims = jwt.decode(next.accessToken) as jwt.JwtPayload;
      expect(claims.exp! - claims.iat!).to.equal(60);
      expect(Date.parse(next.expiresAt)).to.be.within(Date.now() + 58_000, Date.now() + 61_000);
      const earlier = jwt.decode(user.tokens.accessToken) as jwt.JwtPayload;
      expect(earlier.exp! - earlier.iat!).to.equal(900);
      expectSuccess(await server.http().get('/api/v1/me').set('Authorization', next.bearer));
    });

    it('applies to the tokens a refresh issues', async () => {
      const user = await createUserAndLogin(server);
      await setParam(server, 'auth.accessToken.ttlSeconds', '120');
      const refreshed = expectSuccess(await server.http().post('/api/v1/auth/refresh').send({ refreshToken: user.tokens.refreshToken })).data;
      expect(refreshed).to.include({ expiresIn: 120 });
    });
  });

  describe('auth.refreshToken.ttlSeconds', () => {
    after(() => setParam(server, 'auth.refreshToken.ttlSeconds', '604800'));

    it('applies to the sessions of the next login', async () => {
      await setParam(server, 'auth.refreshToken.ttlSeconds', '300');
      const user = await createUserAndLogin(server, { permissions: ['me:*:*'] });
      const sessions = expectSuccess(await server.http().get('/api/v1/me/sessions').set('Authorization', user.tokens.bearer)).data as {
        items: Array<{ expiresAt: string }>;
      };
      expect(Date.parse(sessions.items[0].expiresAt) - Date.now()).to.be.within(295_000, 300_000);
    });
  });

  describe('users.password.minLength', () => {
    after(() => setParam(server, 'users.password.minLength', '8'));

    const create = (username: string, password: string) =>
      server.http().post('/api/v1/users').set('Authorization', ADMIN).send({ username, nickname: username, password });

    it('raised to 12, refuses a 10-character password on create, reset and change, naming the field', async () => {
      await setParam(server, 'users.password.minLength', '12');
      const refused = expectError(await create('policy-create', 'ten-chars!'), 400, 'VALIDATION_FAILED_400');
      expect(detailFor(refused, '/body/password')).to.include({ rule: 'length', message: 'must be 12 to 128 characters' });
      const user = await createUserAndLogin(server, { password: 'twelve-chars', permissions: ['me:*:*'] });
      const reset = await server.http().put(`/api/v1/users/${user.id}/password`).set('Authorization', ADMIN).send({ password: 'ten-chars!' });
      detailFor(expectError(reset, 400, 'VALIDATION_FAILED_400'), '/body/password');
      const change = await server
        .http()
        .put('/api/v1/me/password')
        .set('Authorization', user.tokens.bearer)
        .send({ oldPassword: user.password, newPassword: 'ten-chars!' });
      detailFor(expectError(change, 400, 'VALIDATION_FAILED_400'), '/body/newPassword');
    });

    it('lowered to 4, takes a 5-character password; passwords set before keep working', async () => {
      await setParam(server, 'users.password.minLength', '4');
      expectSuccess(await create('policy-short', 'five5'), 201);
      await login(server, 'policy-short', 'five5');
      await setParam(server, 'users.password.minLength', '8');
      await login(server, 'policy-short', 'five5');
    });
  });
});
