import { expect } from 'chai';
import { expectError, expectSuccess } from '../http/helpers';
import { createUserAndLogin } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { CLIENT_ID, CLIENT_SECRET, startIdentityProvider, type IdentityProvider } from './identity-provider';

/** The redirect URI an operator registers at the provider, answered by the server so no client rebuilds it. */
describe('sso: a provider’s redirect URI', () => {
  const PUBLIC_BASE_URL = 'https://admin.example.com';
  let server: TestServer;
  let idp: IdentityProvider;
  let providerId: string;

  before(async () => {
    server = await startTestServer({ env: { NODE_ENV: 'test', PUBLIC_BASE_URL: `${PUBLIC_BASE_URL}/` } });
    idp = await startIdentityProvider([], new Map());
    const created = expectSuccess(
      await server
        .http()
        .post('/api/v1/sso/providers')
        .set('Authorization', ADMIN)
        .send({ name: 'corp', displayName: 'Corporate account', issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
      201,
    ).data as { id: string };
    providerId = created.id;
  });
  after(async () => {
    await idp?.stop();
    await server?.stop();
  });

  const redirectUriOf = (id: string, bearer = ADMIN) => server.http().get(`/api/v1/sso/providers/${id}/redirect-uri`).set('Authorization', bearer);

  it('answers the redirect URI the sign-in sends the provider, on PUBLIC_BASE_URL', async () => {
    const { redirectUri } = expectSuccess(await redirectUriOf(providerId)).data as { redirectUri: string };
    expect(redirectUri.startsWith(`${PUBLIC_BASE_URL}/api/v1/`), redirectUri).to.equal(true);
    expect(redirectUri.endsWith('/corp/callback'), redirectUri).to.equal(true);

    const { items } = expectSuccess(await server.http().get('/api/v1/auth/oidc/providers')).data as { items: { name: string; startUrl: string }[] };
    const start = await fetch(`${server.url}${items.find((p) => p.name === 'corp')!.startUrl}`, { redirect: 'manual' });
    expect(start.status, await start.clone().text()).to.equal(302);
    expect(new URL(start.headers.get('location')!).searchParams.get('redirect_uri')).to.equal(redirectUri);
  });

  it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for an unknown provider, as the catalog says', async () => {
    expectError(await redirectUriOf('00000000-0000-4000-8000-000000000000'), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    const catalog = await server.http().get('/v3/api-docs').set('Authorization', ADMIN);
    const operation = catalog.body.paths['/api/v1/sso/providers/{id}/redirect-uri'].get;
    expect(operation['x-permission']).to.equal('sso:provider:query');
    expect(operation.responses['404'].description).to.include('SYSTEM_RESOURCE_NOT_FOUND_404');
  });

  it('answers 403 PERM_DENIED_403 without sso:provider:query', async () => {
    const lister = await createUserAndLogin(server, { permissions: ['sso:provider:list'] });
    expectError(await redirectUriOf(providerId, lister.tokens.bearer), 403, 'PERM_DENIED_403');
  });
});
