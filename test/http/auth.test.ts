import { expect } from 'chai';
import { ADMIN, tokenFor, type TestServer } from '../support/server';
import { expectError, expectSuccess, startEchoServer } from './helpers';

describe('HTTP authentication and permissions', () => {
  describe('with an authenticator (the test-auth fixture)', () => {
    let server: TestServer;
    before(async () => {
      server = await startEchoServer();
    });
    after(() => server.stop());

    const get = (path: string, authorization?: string) => {
      const request = server.http().get(path);
      return authorization === undefined ? request : request.set('Authorization', authorization);
    };

    it('answers 401 AUTH_TOKEN_MISSING_401 without a token on a protected route', async () => {
      expectError(await get('/api/v1/echo/items'), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await get('/api/v1/system/modules'), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('answers 401 AUTH_TOKEN_INVALID_401 for a credential no authenticator recognises', async () => {
      expectError(await get('/api/v1/echo/items', 'Basic YWRtaW46YWRtaW4='), 401, 'AUTH_TOKEN_INVALID_401');
      expectError(await get('/api/v1/echo/items', 'Bearer not-a-token-anyone-knows'), 401, 'AUTH_TOKEN_INVALID_401');
    });

    it('answers 401 AUTH_TOKEN_INVALID_401 with a garbled fixture token', async () => {
      expectError(await get('/api/v1/echo/items', 'Bearer fixture.not-base64-json!'), 401, 'AUTH_TOKEN_INVALID_401');
    });

    it('answers 403 PERM_DENIED_403 naming the permission to a caller without it', async () => {
      const body = expectError(await get('/api/v1/echo/items', tokenFor('eve', ['test-echo:item:add'])), 403, 'PERM_DENIED_403');
      expect(body.details).to.deep.equal([{ rule: 'permission', message: 'requires test-echo:item:list' }]);
    });

    it("answers a caller holding exactly the route's permission", async () => {
      expectSuccess(await get('/api/v1/echo/items', tokenFor('lister', ['test-echo:item:list'])));
    });

    it('grants every action of a resource through a wildcard segment (test-echo:item:*)', async () => {
      const token = tokenFor('keeper', ['test-echo:item:*']);
      expectSuccess(await get('/api/v1/echo/items', token));
      expectSuccess(await get('/api/v1/echo/items/item-01', token));
    });

    it('grants a wildcard resource for one action (system:*:list) and nothing else', async () => {
      const token = tokenFor('auditor', ['system:*:list']);
      expectSuccess(await get('/api/v1/system/modules', token));
      expectSuccess(await get('/api/v1/system/permissions', token));
      expectError(await get('/api/v1/system/info', token), 403, 'PERM_DENIED_403');
      expectError(await get('/api/v1/echo/items', token), 403, 'PERM_DENIED_403');
    });

    it('grants everything with *:*:*', async () => {
      const token = tokenFor('root', ['*:*:*']);
      for (const path of ['/api/v1/system/info', '/api/v1/system/modules', '/api/v1/echo/items', '/api/v1/echo/items/item-03']) {
        expectSuccess(await get(path, token));
      }
      expect((await get('/v3/api-docs', token)).status).to.equal(200);
    });

    it('grants nothing for a grant that is not three segments', async () => {
      expectError(await get('/api/v1/system/modules', tokenFor('odd', ['system:module', '*', 'system:module:list:extra'])), 403, 'PERM_DENIED_403');
    });

    it('answers a login-only route to any authenticated caller, holding nothing, and 401 without a token', async () => {
      expect(expectSuccess(await get('/api/v1/echo/whoami', tokenFor('nobody', []))).data).to.deep.equal({ username: 'nobody' });
      expectError(await get('/api/v1/echo/whoami'), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('answers a public route without a token, and ignores a bad one there', async () => {
      expectSuccess(await get('/api/v1/echo/ping'));
      expectSuccess(await get('/api/v1/echo/ping', 'Bearer fixture.garbled'));
    });

    it('checks the caller before the parameters: a bad query without a token is 401', async () => {
      expectError(await get('/api/v1/echo/items?pageSize=999'), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await get('/api/v1/echo/items?pageSize=999', tokenFor('eve', [])), 403, 'PERM_DENIED_403');
      expectError(await get('/api/v1/echo/items?pageSize=999', ADMIN), 400, 'VALIDATION_FAILED_400');
    });
  });

  describe('without any authenticator', () => {
    let server: TestServer;
    before(async () => {
      server = await startEchoServer({ withoutAuth: true });
      // The built-in auth and api-keys modules are the only authenticators left: disable them (and
      // sso, me and audit, which need auth).
      await server.kernel.capabilities.lifecycle.disable('api-keys');
      await server.kernel.capabilities.lifecycle.disable('sso');
      await server.kernel.capabilities.lifecycle.disable('me');
      await server.kernel.capabilities.lifecycle.disable('audit');
      await server.kernel.capabilities.lifecycle.disable('auth');
    });
    after(() => server.stop());

    it('answers 401 AUTH_TOKEN_MISSING_401 on protected routes even with a bearer token', async () => {
      expectError(await server.http().get('/api/v1/echo/items').set('Authorization', ADMIN), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await server.http().get('/api/v1/system/modules').set('Authorization', ADMIN), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('still answers public routes', async () => {
      expectSuccess(await server.http().get('/api/v1/echo/ping'));
      expectSuccess(await server.http().get('/api/v1/system/health'));
    });
  });
});
