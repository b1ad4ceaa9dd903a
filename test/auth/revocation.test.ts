import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { expectError, expectSuccess } from '../http/helpers';
import { adminLogin, createRole, createUserAndLogin, expectNotLogged, login, secretsOf } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

describe('auth: revoking sessions', () => {
  let server: TestServer;
  const secrets: string[] = [];

  before(async () => {
    server = await startTestServer({ captureLogs: true });
  });
  after(() => server?.stop());

  const me = (bearer: string) => server.http().get('/api/v1/me').set('Authorization', bearer);
  const logout = (bearer?: string) => {
    const request = server.http().post('/api/v1/auth/logout');
    return bearer ? request.set('Authorization', bearer) : request;
  };

  /** A user who may read /me, logged in twice (two sessions). */
  async function twoSessions() {
    const user = await createUserAndLogin(server, { permissions: ['me:*:*'] });
    const other = await login(server, user.username, user.password);
    secrets.push(...secretsOf(user.tokens), ...secretsOf(other), user.password);
    return { user, first: user.tokens, second: other };
  }

  describe('logout', () => {
    it('ends the session at once: the next request with its token is 401 AUTH_TOKEN_REVOKED_401', async () => {
      const { first, second } = await twoSessions();
      expectSuccess(await me(first.bearer));
      expect(expectSuccess(await logout(first.bearer)).data).to.deep.equal({});
      expectError(await me(first.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
      expectSuccess(await me(second.bearer));
    });

    it('answers 200 again to a session that already ended: logging out twice is no error', async () => {
      const { first } = await twoSessions();
      expectSuccess(await logout(first.bearer));
      expectSuccess(await logout(first.bearer));
    });

    it('answers 401 AUTH_TOKEN_MISSING_401 without a token and AUTH_TOKEN_INVALID_401 with one it did not sign', async () => {
      expectError(await logout(), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await logout('Bearer not-a-token'), 401, 'AUTH_TOKEN_INVALID_401');
      const forged = jwt.sign({ sid: '0190f5a4-7c2e-7000-8000-000000000000' }, 'guessed-secret', { algorithm: 'HS256', subject: 'x', issuer: 'atrium' });
      expectError(await logout(`Bearer ${forged}`), 401, 'AUTH_TOKEN_INVALID_401');
    });
  });

  describe('forced logout', () => {
    it("ends another user's session: its access and refresh tokens are refused from the next request", async () => {
      const { user, first, second } = await twoSessions();
      const sid = (jwt.decode(first.accessToken) as jwt.JwtPayload).sid as string;
      const res = await server.http().delete(`/api/v1/system/sessions/${sid}`).set('Authorization', ADMIN);
      expect(expectSuccess(res).data).to.deep.equal({});
      expectError(await me(first.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
      expectError(await server.http().post('/api/v1/auth/refresh').send({ refreshToken: first.refreshToken }), 401, 'AUTH_TOKEN_REVOKED_401');
      expectSuccess(await me(second.bearer));
      const listed = await server.http().get(`/api/v1/system/sessions?username=${user.username}`).set('Authorization', ADMIN);
      expect((expectSuccess(listed).data as { items: Array<{ id: string }> }).items.map((s) => s.id)).to.not.include(sid);
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for a session that is not online', async () => {
      const { first } = await twoSessions();
      const sid = (jwt.decode(first.accessToken) as jwt.JwtPayload).sid as string;
      expectSuccess(await logout(first.bearer));
      expectError(await server.http().delete(`/api/v1/system/sessions/${sid}`).set('Authorization', ADMIN), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(
        await server.http().delete('/api/v1/system/sessions/0190f5a4-7c2e-7000-8000-000000000000').set('Authorization', ADMIN),
        404,
        'SYSTEM_RESOURCE_NOT_FOUND_404',
      );
    });

    it('answers 403 PERM_DENIED_403 to a caller without system:session:forceLogout', async () => {
      const { first } = await twoSessions();
      const sid = (jwt.decode(first.accessToken) as jwt.JwtPayload).sid as string;
      expectError(await server.http().delete(`/api/v1/system/sessions/${sid}`).set('Authorization', first.bearer), 403, 'PERM_DENIED_403');
    });
  });

  describe('changes to the user', () => {
    it('ends every session of a user whose password an administrator resets', async () => {
      const { user, first, second } = await twoSessions();
      const admin = await adminLogin(server);
      secrets.push(...secretsOf(admin), 'reset-password-123');
      const reset = await server.http().put(`/api/v1/users/${user.id}/password`).set('Authorization', admin.bearer).send({ password: 'reset-password-123' });
      expectSuccess(reset);
      expectError(await me(first.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
      expectError(await me(second.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
      expectSuccess(await me(admin.bearer));
      secrets.push(...secretsOf(await login(server, user.username, 'reset-password-123')));
    });

    it('ends every session of a user who is disabled', async () => {
      const { user, first, second } = await twoSessions();
      expectSuccess(await server.http().put(`/api/v1/users/${user.id}`).set('Authorization', ADMIN).send({ status: 'disabled', version: user.version }));
      expectError(await me(first.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
      expectError(await me(second.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
      expectError(await server.http().post('/api/v1/auth/refresh').send({ refreshToken: second.refreshToken }), 401, 'AUTH_TOKEN_REVOKED_401');
    });

    it('ends every session of a user who is deleted', async () => {
      const { user, first } = await twoSessions();
      expectSuccess(await server.http().delete(`/api/v1/users/${user.id}`).set('Authorization', ADMIN));
      expectError(await me(first.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
    });
  });

  describe('changes to what a user may do', () => {
    const sessions = (bearer: string) => server.http().get('/api/v1/system/sessions').set('Authorization', bearer);

    it("applies a change of a role's permissions to the same token on the next request", async () => {
      const role = await createRole(server, { permissions: ['me:profile:query'] });
      const user = await createUserAndLogin(server, { roleIds: [role.id] });
      secrets.push(...secretsOf(user.tokens));
      expectError(await sessions(user.tokens.bearer), 403, 'PERM_DENIED_403');
      const granted = await server
        .http()
        .put(`/api/v1/roles/${role.id}`)
        .set('Authorization', ADMIN)
        .send({ permissions: ['me:profile:query', 'system:session:list'], version: role.version });
      const { version } = expectSuccess(granted).data as { version: number };
      expectSuccess(await sessions(user.tokens.bearer));
      expectSuccess(
        await server
          .http()
          .put(`/api/v1/roles/${role.id}`)
          .set('Authorization', ADMIN)
          .send({ permissions: ['me:profile:query'], version }),
      );
      expectError(await sessions(user.tokens.bearer), 403, 'PERM_DENIED_403');
    });

    it('drops the permissions of a role that is disabled, on the next request', async () => {
      const role = await createRole(server, { permissions: ['system:session:list'] });
      const user = await createUserAndLogin(server, { roleIds: [role.id] });
      secrets.push(...secretsOf(user.tokens));
      expectSuccess(await sessions(user.tokens.bearer));
      expectSuccess(await server.http().put(`/api/v1/roles/${role.id}`).set('Authorization', ADMIN).send({ status: 'disabled', version: role.version }));
      expectError(await sessions(user.tokens.bearer), 403, 'PERM_DENIED_403');
    });

    it("applies a change of the user's roles to the same token on the next request", async () => {
      const user = await createUserAndLogin(server, { permissions: ['me:profile:query'] });
      const extra = await createRole(server, { permissions: ['system:session:list'] });
      secrets.push(...secretsOf(user.tokens));
      expectError(await sessions(user.tokens.bearer), 403, 'PERM_DENIED_403');
      expectSuccess(
        await server
          .http()
          .put(`/api/v1/users/${user.id}`)
          .set('Authorization', ADMIN)
          .send({ roleIds: [...user.roleIds, extra.id], version: user.version }),
      );
      expectSuccess(await sessions(user.tokens.bearer));
    });
  });

  // Last: mocha runs a suite's own tests before its nested suites.
  describe('afterwards', () => {
    it('has written no token or password to the log', () => {
      expectNotLogged(server, secrets);
    });
  });
});
