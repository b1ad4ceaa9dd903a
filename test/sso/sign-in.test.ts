import { expect } from 'chai';
import { eventually, expectError, expectSuccess } from '../http/helpers';
import { createRole, createUser, createUserAndLogin } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { Browser, CLIENT_ID, CLIENT_SECRET, startIdentityProvider, type IdentityProvider, type Person } from './identity-provider';

describe('sso: single sign-on with OpenID Connect', () => {
  let server: TestServer;
  let idp: IdentityProvider;
  const people = new Map<string, Person>();
  const NAMES = ['jit', 'nojit', 'byname', 'wrongiss'];

  before(async () => {
    server = await startTestServer();
    idp = await startIdentityProvider(
      NAMES.map((name) => `${server.url}/api/v1/auth/oidc/${name}/callback`),
      people,
    );
  });
  after(async () => {
    await idp?.stop();
    await server?.stop();
  });

  const admin = () => server.http();
  const addProvider = async (name: string, fields: Record<string, unknown> = {}) =>
    expectSuccess(
      await admin()
        .post('/api/v1/sso/providers')
        .set('Authorization', ADMIN)
        .send({ name, displayName: `Sign in with ${name}`, issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...fields }),
      201,
    ).data as Record<string, unknown>;

  /** Start, sign in at the provider as `sub`, come back: the callback's Location. */
  async function signIn(name: string, sub: string, tamper?: (browser: Browser) => Promise<void>): Promise<URLSearchParams> {
    const browser = new Browser();
    const start = await browser.request(`${server.url}/api/v1/auth/oidc/${name}/start`);
    expect(start.status, await start.clone().text()).to.equal(302);
    const callback = await browser.signInAtProvider(start.headers.get('location')!, idp.issuer, sub);
    await tamper?.(browser);
    const done = await browser.request(callback);
    expect(done.status, await done.clone().text()).to.equal(302);
    const location = new URL(done.headers.get('location')!, server.url);
    expect(location.pathname).to.equal('/login');
    return new URLSearchParams(location.hash.slice(1));
  }

  async function exchange(outcome: URLSearchParams): Promise<{ accessToken: string }> {
    expect(outcome.get('ssoError'), 'no error').to.equal(null);
    return expectSuccess(
      await server
        .http()
        .post('/api/v1/auth/oidc/exchange')
        .send({ code: outcome.get('sso') }),
    ).data as { accessToken: string };
  }

  const me = async (accessToken: string) =>
    (
      expectSuccess(await server.http().get('/api/v1/me').set('Authorization', `Bearer ${accessToken}`)).data as {
        user: { id: string; username: string; roleIds: string[] };
      }
    ).user;

  it('creates a user just in time with the default role, signs them in, and the code works once', async () => {
    const role = await createRole(server, { permissions: ['me:profile:query'] });
    await addProvider('jit', { jit: true, defaultRoleId: role.id });
    people.set('new-1', { sub: 'new-1', preferred_username: 'newcomer', email: 'newcomer@example.com', email_verified: true });
    const outcome = await signIn('jit', 'new-1');
    const tokens = await exchange(outcome);
    const user = await me(tokens.accessToken);
    expect(user.username).to.equal('newcomer');
    expect(user.roleIds).to.deep.equal([role.id]);
    expectError(
      await server
        .http()
        .post('/api/v1/auth/oidc/exchange')
        .send({ code: outcome.get('sso') }),
      401,
      'AUTH_SSO_CODE_INVALID_401',
    );
    // The subject is linked now: the next sign-in is the same user.
    expect((await me((await exchange(await signIn('jit', 'new-1'))).accessToken)).id).to.equal(user.id);
    await eventually(async () => ((await server.sql("select 1 from audit_login where username = 'newcomer' and success")).length === 2 ? true : undefined));
  });

  it('links an existing user by verified email', async () => {
    const existing = await createUser(server, { email: 'existing@example.com', permissions: ['me:profile:query'] });
    people.set('ext-1', { sub: 'ext-1', preferred_username: 'someone-else', email: 'existing@example.com', email_verified: true });
    expect((await me((await exchange(await signIn('jit', 'ext-1'))).accessToken)).id).to.equal(existing.id);
  });

  it('refuses an unknown identity when just-in-time creation is off: AUTH_SSO_NO_ACCOUNT_401, in the login log', async () => {
    await addProvider('nojit', { jit: false });
    people.set('stranger', { sub: 'stranger', preferred_username: 'stranger', email: 'stranger@example.com', email_verified: true });
    expect((await signIn('nojit', 'stranger')).get('ssoError')).to.equal('AUTH_SSO_NO_ACCOUNT_401');
    // The login log is written in batches, a moment after the response.
    await eventually(async () => (await server.sql("select 1 from audit_login where username = 'stranger' and reason = 'no_account' and not success"))[0]);
    expect((await server.sql("select 1 from users_user where username = 'stranger'")).length).to.equal(0);
  });

  it('refuses a disabled user: AUTH_ACCOUNT_DISABLED_401', async () => {
    await addProvider('byname', { linkBy: 'username' });
    const user = await createUser(server);
    expectSuccess(await admin().put(`/api/v1/users/${user.id}`).set('Authorization', ADMIN).send({ status: 'disabled', version: user.version }));
    people.set('off', { sub: 'off', preferred_username: user.username });
    expect((await signIn('byname', 'off')).get('ssoError')).to.equal('AUTH_ACCOUNT_DISABLED_401');
  });

  it('refuses a bad state: not the browser’s, or unknown', async () => {
    people.set('st', { sub: 'st', preferred_username: 'state-person' });
    const stolen = await signIn('jit', 'st', async (browser) => browser.setCookie(new URL(server.url).host, 'atrium_sso_state', 'another'));
    expect(stolen.get('ssoError')).to.equal('AUTH_SSO_STATE_INVALID_401');
    const browser = new Browser();
    browser.setCookie(new URL(server.url).host, 'atrium_sso_state', 'made-up');
    const res = await browser.request(`${server.url}/api/v1/auth/oidc/jit/callback?code=x&state=made-up`);
    expect(new URL(res.headers.get('location')!, server.url).hash).to.equal('#ssoError=AUTH_SSO_STATE_INVALID_401');
  });

  it('refuses an ID token whose nonce is not the one sent: AUTH_SSO_REJECTED_401', async () => {
    people.set('nc', { sub: 'nc', preferred_username: 'nonce-person' });
    const outcome = await signIn('jit', 'nc', async () => {
      await server.sql("update sso_attempt set nonce = 'not-the-nonce-sent'");
    });
    expect(outcome.get('ssoError')).to.equal('AUTH_SSO_REJECTED_401');
    expect((await server.sql("select 1 from users_user where username = 'nonce-person'")).length).to.equal(0);
  });

  it('refuses a provider whose issuer is not the one configured: AUTH_SSO_REJECTED_401', async () => {
    await addProvider('wrongiss', { issuer: idp.issuer.replace('127.0.0.1', 'localhost') });
    expectError(await server.http().get('/api/v1/auth/oidc/wrongiss/start'), 401, 'AUTH_SSO_REJECTED_401');
  });

  it('lists enabled providers publicly, with their start paths', async () => {
    const { items } = expectSuccess(await server.http().get('/api/v1/auth/oidc/providers')).data as { items: { name: string; startUrl: string }[] };
    expect(items.map((p) => p.name)).to.include('jit');
    expect(items.find((p) => p.name === 'jit')!.startUrl).to.equal('/api/v1/auth/oidc/jit/start');
  });

  it('never answers the client secret, and stores it sealed', async () => {
    const created = await addProvider('secretive');
    const read = await admin()
      .get(`/api/v1/sso/providers/${created.id as string}`)
      .set('Authorization', ADMIN);
    const list = await admin().get('/api/v1/sso/providers').set('Authorization', ADMIN);
    for (const res of [read, list]) expect(JSON.stringify(res.body)).to.not.include(CLIENT_SECRET);
    expect(JSON.stringify(created)).to.not.include(CLIENT_SECRET);
    const [row] = await server.sql<{ client_secret_sealed: string }>("select client_secret_sealed from sso_provider where name = 'secretive'");
    expect(row!.client_secret_sealed).to.not.include(CLIENT_SECRET);
  });

  it('answers 403 to an administrator without the provider permissions', async () => {
    const lesser = await createUserAndLogin(server, { permissions: ['system:user:list', 'system:user:add'] });
    const res = await server
      .http()
      .post('/api/v1/sso/providers')
      .set('Authorization', lesser.tokens.bearer)
      .send({ name: 'sneaky', displayName: 'x', issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expectError(res, 403, 'PERM_DENIED_403');
  });

  it('answers 403 to an administrator giving new users a default role that grants more than they hold, and takes one within it', async () => {
    const configurer = await createUserAndLogin(server, { permissions: ['sso:provider:add', 'sso:provider:edit', 'me:profile:query'] });
    const stronger = await createRole(server, { permissions: ['system:user:add'] });
    const within = await createRole(server, { permissions: ['me:profile:query'] });
    const add = (name: string, defaultRoleId: string) =>
      server
        .http()
        .post('/api/v1/sso/providers')
        .set('Authorization', configurer.tokens.bearer)
        .send({ name, displayName: name, issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, jit: true, defaultRoleId });
    const refused = expectError(await add('escalating', stronger.id), 403, 'PERM_DENIED_403');
    expect(refused.details).to.deep.include.members([
      {
        field: '/body/defaultRoleId',
        rule: 'escalation',
        message: 'you do not hold system:user:add',
        permission: 'system:user:add',
        roleId: stronger.id,
      },
    ]);
    const kept = expectSuccess(await add('modest', within.id), 201).data as { id: string; version: number };
    const raised = await server
      .http()
      .put(`/api/v1/sso/providers/${kept.id}`)
      .set('Authorization', configurer.tokens.bearer)
      .send({ version: kept.version, defaultRoleId: stronger.id });
    expectError(raised, 403, 'PERM_DENIED_403');
  });
});
