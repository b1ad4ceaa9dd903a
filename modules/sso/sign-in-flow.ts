import { AppError, notFound, runInTenant, type ModuleContext } from '@atrium/kernel';
import { VerifiedSignInApi, type Client, type TokenPair } from '@atrium/module/auth';
import { TenantDirectoryApi } from '@atrium/module/tenants';
import { accountFor } from './account-match';
import { handOff, rememberAttempt, takeAttempt, takeHandoff } from './attempts';
import { clientSecretBox } from './client-secret';
import { openIdClient, providerConfiguration } from './discovery';
import { SsoErrors } from './errors';
import { ProviderEntity, type Provider } from './provider.entity';

const SCOPE = 'openid email profile';

/** The enabled provider of this name in the tenant of this code (the current work's tenant from then on). */
async function enabledProvider(ctx: ModuleContext, tenantCode: string, name: string): Promise<{ tenantId: string; provider: Provider }> {
  const tenant = await ctx.use(TenantDirectoryApi).byCode(tenantCode);
  const provider = tenant?.usable ? await runInTenant(tenant.id, () => ctx.db.em().fork().findOne(ProviderEntity, { name, enabled: true })) : null;
  if (!tenant || !provider) throw notFound('single sign-on provider', name);
  return { tenantId: tenant.id, provider };
}

/**
 * Starts a sign-in: the provider's authorization URL, with a PKCE challenge, a state and a nonce;
 * the verifier and nonce stay in the database (attempts.ts) under the state, which the browser
 * also keeps in a cookie (the callback must come from the browser that started).
 */
export async function startSignIn(ctx: ModuleContext, tenantCode: string, name: string, redirectUri: string): Promise<{ location: string; state: string }> {
  const { tenantId, provider } = await enabledProvider(ctx, tenantCode, name);
  const configuration = await providerConfiguration(ctx, provider);
  const oidc = await openIdClient();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await runInTenant(tenantId, () => rememberAttempt(ctx, state, { providerId: provider.id, codeVerifier, nonce }));
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { location: url.href, state };
}

export interface Callback {
  name: string;
  /** The callback's URL as the provider called it: its redirect URI with `code` and `state`. */
  currentUrl: URL;
  /** The state the browser's cookie kept; undefined without one. */
  browserState: string | undefined;
  client: Client;
}

/**
 * Finishes a sign-in: the state must be the browser's and an attempt's (used once), the code is
 * exchanged and the ID token checked by openid-client (signature, issuer, audience, nonce, PKCE),
 * the identity finds its user (account-match.ts), and auth signs them in as a password does. The
 * answer is a one-time code for the console, standing for the tokens (never the tokens in a URL).
 */
export async function finishSignIn(ctx: ModuleContext, callback: Callback): Promise<string> {
  const state = callback.currentUrl.searchParams.get('state');
  const attempt = state && state === callback.browserState ? await takeAttempt(ctx, state) : null;
  if (!state || !attempt) throw new AppError(SsoErrors.AUTH_SSO_STATE_INVALID_401);
  return runInTenant(attempt.tenantId, async () => {
    const provider = await ctx.db.em().fork().findOne(ProviderEntity, { id: attempt.providerId, enabled: true });
    if (!provider || provider.name !== callback.name) throw new AppError(SsoErrors.AUTH_SSO_STATE_INVALID_401);
    const configuration = await providerConfiguration(ctx, provider);
    const oidc = await openIdClient();
    const tokens = await oidc
      .authorizationCodeGrant(configuration, callback.currentUrl, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      })
      .catch((error: unknown) => {
        throw new AppError(SsoErrors.AUTH_SSO_REJECTED_401, { details: [{ rule: 'oidc', message: error instanceof Error ? error.message : String(error) }] });
      });
    const claims = tokens.claims()!;
    const user = await accountFor(ctx, provider, claims);
    const signIn = ctx.use(VerifiedSignInApi);
    if (!user) {
      const username = typeof claims[provider.usernameClaim] === 'string' ? (claims[provider.usernameClaim] as string) : claims.sub;
      await signIn.recordRefusal({ username, tenantId: attempt.tenantId, userId: null, ...callback.client, reason: 'no_account' });
      throw new AppError(SsoErrors.AUTH_SSO_NO_ACCOUNT_401);
    }
    const pair = await signIn.signIn(user.id, attempt.tenantId, callback.client);
    return handOff(ctx, clientSecretBox(ctx).seal(JSON.stringify(pair)));
  });
}

/** The tokens a one-time code stands for, once. */
export async function exchangeCode(ctx: ModuleContext, code: string): Promise<TokenPair> {
  const sealed = await takeHandoff(ctx, code);
  if (!sealed) throw new AppError(SsoErrors.AUTH_SSO_CODE_INVALID_401);
  return JSON.parse(clientSecretBox(ctx).open(sealed)) as TokenPair;
}
