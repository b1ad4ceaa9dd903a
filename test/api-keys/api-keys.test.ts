import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { eventually, operationFor } from '../audit/helpers';
import { createTenant } from '../tenants/helpers';
import { adminLogin, createRole, createUserAndLogin, expectNotLogged, setParam } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { makeKey, withKey } from './api-key-helpers';

/** API keys over HTTP: made from a session, used by scripts, never more than their owner. */
describe('API keys', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ captureLogs: true });
  });
  after(() => server.stop());

  const owner = (permissions = ['me:*:*', 'system:user:list']) => createUserAndLogin(server, { permissions });
  const myKeys = (bearer: string) => server.http().get('/api/v1/me/api-keys').set('Authorization', bearer);

  it('shows the secret once at creation, never in the list, and keeps only its hash', async () => {
    const user = await owner();
    const made = await makeKey(server, user.tokens.bearer, ['me:profile:query']);
    expect(made.key).to.match(/^atr_[A-Za-z0-9_-]{55}$/);
    expect(made.key.startsWith(made.prefix)).to.equal(true);
    const list = expectSuccess(await myKeys(user.tokens.bearer)).data as { items: Record<string, unknown>[] };
    expect(list.items).to.have.length(1);
    expect(list.items[0]).to.have.all.keys('id', 'name', 'prefix', 'permissions', 'expiresAt', 'lastUsedAt', 'createdAt');
    expect(JSON.stringify(list)).to.not.include(made.key.slice(made.prefix.length));
    const stored = JSON.stringify(await server.sql('select * from api_keys_key where id = ?', [made.id]));
    expect(stored).to.not.include(made.key.slice(made.prefix.length));
    expectNotLogged(server, [made.key]);
  });

  it('accepts the key as Authorization: Bearer and as X-API-Key, as its owner', async () => {
    const user = await owner();
    const { key } = await makeKey(server, user.tokens.bearer, ['me:profile:query']);
    const bearer = expectSuccess(await server.http().get('/api/v1/me').set('Authorization', `Bearer ${key}`));
    expect(bearer.data).to.have.nested.property('user.username', user.username);
    const header = expectSuccess(await withKey(server, key));
    expect(header.data).to.have.nested.property('user.username', user.username);
  });

  it('answers 401 AUTH_TOKEN_INVALID_401 to a key this server never made, and to a malformed one', async () => {
    expectError(await withKey(server, `atr_${'A'.repeat(55)}`), 401, 'AUTH_TOKEN_INVALID_401');
    expectError(await withKey(server, 'not-a-key'), 401, 'AUTH_TOKEN_INVALID_401');
    const user = await owner();
    const { key } = await makeKey(server, user.tokens.bearer, ['me:profile:query']);
    expectError(await withKey(server, `${key.slice(0, -4)}AAAA`), 401, 'AUTH_TOKEN_INVALID_401');
  });

  it('refuses with 403 PERM_DENIED_403 what the key lacks though its owner holds it', async () => {
    const user = await owner();
    const { key } = await makeKey(server, user.tokens.bearer, ['me:profile:query']);
    expectSuccess(await server.http().get('/api/v1/users').set('Authorization', user.tokens.bearer));
    expectError(await withKey(server, key, '/api/v1/users'), 403, 'PERM_DENIED_403');
  });

  it('refuses with 403 PERM_DENIED_403 a key asking for more than its owner holds, and writes nothing', async () => {
    const user = await owner();
    for (const permissions of [['system:user:add'], ['system:user:*'], ['*:*:*', 'me:profile:query']]) {
      const res = await server.http().post('/api/v1/me/api-keys').set('Authorization', user.tokens.bearer).send({ name: 'greedy', permissions });
      const body = expectError(res, 403, 'PERM_DENIED_403');
      expect(detailFor(body, '/body/permissions').rule).to.equal('escalation');
    }
    expect((expectSuccess(await myKeys(user.tokens.bearer)).data as { items: unknown[] }).items).to.deep.equal([]);
  });

  it('lets a lesser administrator make no key with an administrator’s permissions', async () => {
    const lesser = await owner(['me:*:*', 'system:user:*', 'system:role:*']);
    const res = await server
      .http()
      .post('/api/v1/me/api-keys')
      .set('Authorization', lesser.tokens.bearer)
      .send({ name: 'admin', permissions: ['*:*:*'] });
    expectError(res, 403, 'PERM_DENIED_403');
    const wider = await server
      .http()
      .post('/api/v1/me/api-keys')
      .set('Authorization', lesser.tokens.bearer)
      .send({ name: 'sys', permissions: ['system:*:*'] });
    expectError(wider, 403, 'PERM_DENIED_403');
  });

  it('never lets a key do more than its owner may now: what the owner loses, the key loses', async () => {
    const role = await createRole(server, { permissions: ['me:*:*', 'system:user:*'] });
    const user = await createUserAndLogin(server, { roleIds: [role.id] });
    const { key } = await makeKey(server, user.tokens.bearer, ['system:user:*', 'me:profile:query']);
    const addUser = () => server.http().post('/api/v1/users').set('X-API-Key', key).send({});
    // Past the permission check: the empty body is what is refused.
    expectError(await addUser(), 400, 'VALIDATION_FAILED_400');
    const narrowed = await server
      .http()
      .put(`/api/v1/roles/${role.id}`)
      .set('Authorization', ADMIN)
      .send({ permissions: ['me:*:*', 'system:*:list'], version: role.version });
    expectSuccess(narrowed);
    // The key's system:user:* meets the owner's system:*:list in system:user:list.
    expectSuccess(await withKey(server, key, '/api/v1/users'));
    expectError(await addUser(), 403, 'PERM_DENIED_403');
    const version = (narrowed.body.data as { version: number }).version;
    expectSuccess(
      await server
        .http()
        .put(`/api/v1/roles/${role.id}`)
        .set('Authorization', ADMIN)
        .send({ permissions: ['me:*:*'], version }),
    );
    expectError(await withKey(server, key, '/api/v1/users'), 403, 'PERM_DENIED_403');
  });

  it('answers 401 AUTH_TOKEN_REVOKED_401 to the key of an owner who is disabled, at the next request', async () => {
    const user = await owner();
    const { key } = await makeKey(server, user.tokens.bearer, ['me:profile:query']);
    expectSuccess(await withKey(server, key));
    expectSuccess(await server.http().put(`/api/v1/users/${user.id}`).set('Authorization', ADMIN).send({ status: 'disabled', version: user.version }));
    expectError(await withKey(server, key), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  it('revokes a key at once: 401 AUTH_TOKEN_REVOKED_401 at its next request, and gone from the list', async () => {
    const user = await owner();
    const made = await makeKey(server, user.tokens.bearer, ['me:profile:query']);
    expectSuccess(await withKey(server, made.key));
    expectSuccess(await server.http().delete(`/api/v1/me/api-keys/${made.id}`).set('Authorization', user.tokens.bearer));
    expectError(await withKey(server, made.key), 401, 'AUTH_TOKEN_REVOKED_401');
    expect((expectSuccess(await myKeys(user.tokens.bearer)).data as { items: unknown[] }).items).to.deep.equal([]);
    expectError(await server.http().delete(`/api/v1/me/api-keys/${made.id}`).set('Authorization', user.tokens.bearer), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
  });

  it('answers 404 to the revocation of another user’s key, which keeps working', async () => {
    const [ada, bob] = [await owner(), await owner()];
    const made = await makeKey(server, ada.tokens.bearer, ['me:profile:query']);
    expectError(await server.http().delete(`/api/v1/me/api-keys/${made.id}`).set('Authorization', bob.tokens.bearer), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    expectSuccess(await withKey(server, made.key));
  });

  it('refuses an expiry in the past or beyond a year with 400, and a key past its expiry with 401 AUTH_TOKEN_EXPIRED_401', async () => {
    const user = await owner();
    const create = (expiresAt: string) =>
      server
        .http()
        .post('/api/v1/me/api-keys')
        .set('Authorization', user.tokens.bearer)
        .send({ name: 'dated', permissions: ['me:profile:query'], expiresAt });
    for (const at of [new Date(Date.now() - 1000), new Date(Date.now() + 366 * 24 * 3600 * 1000)]) {
      detailFor(expectError(await create(at.toISOString()), 400, 'VALIDATION_FAILED_400'), '/body/expiresAt');
    }
    const soon = await makeKey(server, user.tokens.bearer, ['me:profile:query'], new Date(Date.now() + 1500).toISOString());
    expectSuccess(await withKey(server, soon.key));
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expectError(await withKey(server, soon.key), 401, 'AUTH_TOKEN_EXPIRED_401');
  });

  it('limits the requests of each key: 429 SYSTEM_RATE_LIMITED_429 past api-keys.requestsPerMinute, other keys unaffected', async () => {
    const user = await owner();
    const busy = await makeKey(server, user.tokens.bearer, ['me:profile:query']);
    const other = await makeKey(server, user.tokens.bearer, ['me:profile:query']);
    await setParam(server, 'api-keys.requestsPerMinute', '3');
    try {
      for (let i = 0; i < 3; i += 1) expectSuccess(await withKey(server, busy.key));
      const refused = await withKey(server, busy.key);
      expectError(refused, 429, 'SYSTEM_RATE_LIMITED_429');
      expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
      expectSuccess(await withKey(server, other.key));
      expectSuccess(await server.http().get('/api/v1/me').set('Authorization', user.tokens.bearer));
    } finally {
      await setParam(server, 'api-keys.requestsPerMinute', '600');
    }
  });

  it('answers 403 API_KEY_SESSION_REQUIRED_403 to a key managing keys: a key never makes another', async () => {
    const user = await owner();
    const { key } = await makeKey(server, user.tokens.bearer, ['me:*:*']);
    const res = await server
      .http()
      .post('/api/v1/me/api-keys')
      .set('X-API-Key', key)
      .send({ name: 'child', permissions: ['me:profile:query'] });
    expectError(res, 403, 'API_KEY_SESSION_REQUIRED_403');
    expectError(await withKey(server, key, '/api/v1/me/api-keys'), 403, 'API_KEY_SESSION_REQUIRED_403');
  });

  it('records every use in the operation log, reads too, naming the key beside its owner', async () => {
    const user = await owner();
    const made = await makeKey(server, user.tokens.bearer, ['me:profile:query']);
    const read = expectSuccess(await withKey(server, made.key));
    const record = await operationFor(server, read.traceId as string);
    expect(record).to.include({ user_id: user.id, username: user.username, credential: `api-key ${made.id} ${made.name}`, method: 'GET' });
    const listed = await server
      .http()
      .get(`/api/v1/audit/operations?traceId=${read.traceId as string}`)
      .set('Authorization', ADMIN);
    expect(expectSuccess(listed).data).to.have.nested.property('items[0].credential', `api-key ${made.id} ${made.name}`);
  });

  it('shows when a key was last used', async () => {
    const user = await owner();
    const made = await makeKey(server, user.tokens.bearer, ['me:profile:query']);
    expectSuccess(await withKey(server, made.key));
    await eventually('lastUsedAt', async () => {
      const items = (expectSuccess(await myKeys(user.tokens.bearer)).data as { items: { lastUsedAt: string | null }[] }).items;
      return items[0].lastUsedAt !== null;
    });
  });

  it('keeps the key in its owner’s tenant: it sees that tenant’s rows only, and the tenant’s disabling ends it', async () => {
    const platform = await adminLogin(server);
    const tenant = await createTenant(server, platform.bearer, 'keyed', 'keyed-tenant-passphrase-1');
    const made = await makeKey(server, tenant.chief.bearer, ['me:profile:query', 'system:user:list']);
    expect(expectSuccess(await withKey(server, made.key)).data).to.have.nested.property('tenant.code', 'keyed');
    const users = expectSuccess(await withKey(server, made.key, '/api/v1/users')).data as { items: { username: string }[] };
    expect(users.items.map((user) => user.username)).to.deep.equal(['chief']);
    const disabled = await server
      .http()
      .put(`/api/v1/tenants/${tenant.id}`)
      .set('Authorization', platform.bearer)
      .send({ status: 'disabled', version: tenant.version });
    expectSuccess(disabled);
    expectError(await withKey(server, made.key), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  describe('for administrators', () => {
    it('lists every user’s keys with their owner, never a secret, and revokes one at once', async () => {
      // Holding all the owner holds: the owner does not outrank them.
      const keeper = await createUserAndLogin(server, { permissions: ['me:*:*', 'system:api-key:*', 'system:user:list'] });
      const user = await owner();
      const made = await makeKey(server, user.tokens.bearer, ['me:profile:query']);
      expectSuccess(await withKey(server, made.key));
      const listed = await server.http().get('/api/v1/system/api-keys').query({ username: user.username }).set('Authorization', keeper.tokens.bearer);
      const { items } = expectSuccess(listed).data as { items: Record<string, unknown>[] };
      expect(items).to.have.length(1);
      expect(items[0]).to.include({ id: made.id, userId: user.id, username: user.username, prefix: made.prefix });
      expect(listed.text).to.not.include(made.key.slice(made.prefix.length));
      expectSuccess(await server.http().delete(`/api/v1/system/api-keys/${made.id}`).set('Authorization', keeper.tokens.bearer));
      expectError(await withKey(server, made.key), 401, 'AUTH_TOKEN_REVOKED_401');
    });

    it('answers 403 PERM_DENIED_403 to the revocation of a key whose owner outranks the caller, which keeps working', async () => {
      const keeper = await createUserAndLogin(server, { permissions: ['me:*:*', 'system:api-key:*'] });
      const admin = await adminLogin(server);
      const made = await makeKey(server, admin.bearer, ['me:profile:query']);
      expectError(await server.http().delete(`/api/v1/system/api-keys/${made.id}`).set('Authorization', keeper.tokens.bearer), 403, 'PERM_DENIED_403');
      expectSuccess(await withKey(server, made.key));
    });
  });
});
