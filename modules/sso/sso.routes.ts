import { KernelErrors, RawReply, Type, defineRoute, named, runInTenant, type RouteRequest } from '@atrium/kernel';
import { DEFAULT_TENANT_CODE, TenantDirectoryApi } from '@atrium/module/tenants';
import { SsoErrors } from './errors';
import { exchangeCode, finishSignIn, startSignIn } from './sign-in-flow';
import { ProviderEntity } from './provider.entity';
import { consoleRedirect, redirectUri, stateCookie, stateFromCookies } from './browser';

const TenantQuery = Type.Object({
  tenant: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "The tenant's code; `default` when left out." })),
});
const NameParams = Type.Object({ provider: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' }) });

export const listSignInProviders = defineRoute({
  method: 'GET',
  path: '/auth/oidc/providers',
  public: true,
  summary: "The tenant's enabled single sign-on providers, for a sign-in page's buttons",
  description: 'Public: names, labels and start paths only. An unknown, disabled or expired tenant has none.',
  query: TenantQuery,
  response: named(
    'SsoSignInProviders',
    Type.Object({
      items: Type.Array(
        Type.Object({
          name: Type.String(),
          displayName: Type.String(),
          startUrl: Type.String({ description: 'Open it in the browser (a navigation, not a fetch)' }),
        }),
      ),
    }),
  ),
  handler: async ({ query }, ctx) => {
    const code = query.tenant ?? DEFAULT_TENANT_CODE;
    const tenant = await ctx.use(TenantDirectoryApi).byCode(code);
    if (!tenant?.usable) return { items: [] };
    const enabled = await runInTenant(tenant.id, () =>
      ctx.db
        .em()
        .fork()
        .find(ProviderEntity, { enabled: true }, { orderBy: { name: 'asc' } }),
    );
    const suffix = query.tenant ? `?tenant=${encodeURIComponent(query.tenant)}` : '';
    return { items: enabled.map((p) => ({ name: p.name, displayName: p.displayName, startUrl: `/api/v1/auth/oidc/${p.name}/start${suffix}` })) };
  },
});

export const startOidc = defineRoute({
  method: 'GET',
  path: '/auth/oidc/{provider}/start',
  public: true,
  summary: 'Starts single sign-on: a redirect to the identity provider',
  description:
    'A browser navigation: 302 to the provider with PKCE (S256), a state and a nonce, and a short-lived cookie holding the state. ' +
    'An unknown or disabled provider, or a tenant that cannot sign in, is 404; a provider whose discovery document names another issuer, 401 AUTH_SSO_REJECTED_401; one that does not answer, 503.',
  params: NameParams,
  query: TenantQuery,
  raw: { contentType: 'text/plain' },
  headers: { Location: "The provider's authorization endpoint", 'Set-Cookie': 'The state, for the callback (HttpOnly, SameSite=Lax, 10 minutes)' },
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, SsoErrors.AUTH_SSO_REJECTED_401, KernelErrors.SYSTEM_DEPENDENCY_UNAVAILABLE_503],
  handler: async (req, ctx) => {
    const { location, state } = await startSignIn(
      ctx,
      req.query.tenant ?? DEFAULT_TENANT_CODE,
      req.params.provider,
      redirectUri(ctx, req.raw, req.params.provider),
    );
    return new RawReply('', 'text/plain', { Location: location, 'Set-Cookie': stateCookie(req.raw, state) }, 302);
  },
});

export const oidcCallback = defineRoute({
  method: 'GET',
  path: '/auth/oidc/{provider}/callback',
  public: true,
  summary: 'Where the identity provider sends the browser back',
  description:
    'Always 302 to the console: `/login#sso=<code>` on success (a one-time code, 60 seconds, for POST /auth/oidc/exchange), ' +
    "`/login#ssoError=<CODE>` otherwise: AUTH_SSO_STATE_INVALID_401 (unknown, used, expired, or not this browser's state), " +
    'AUTH_SSO_REJECTED_401 (the code exchange or the ID token failed a check: issuer, audience, nonce, signature), ' +
    'AUTH_SSO_NO_ACCOUNT_401 (no user matches and just-in-time creation is off), AUTH_ACCOUNT_DISABLED_401, AUTH_TENANT_DISABLED_401.',
  params: NameParams,
  // What a provider sends back (RFC 6749 4.1.2, RFC 9207 `iss`); openid-client reads them from the URL.
  query: Type.Object({
    code: Type.Optional(Type.String({ maxLength: 2048 })),
    state: Type.Optional(Type.String({ maxLength: 512 })),
    iss: Type.Optional(Type.String({ maxLength: 512 })),
    session_state: Type.Optional(Type.String({ maxLength: 512 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 2048 })),
  }),
  raw: { contentType: 'text/plain' },
  headers: { Location: 'The console sign-in page, with the one-time code or the error code in its fragment' },
  handler: async (req, ctx) => {
    const currentUrl = new URL(`${redirectUri(ctx, req.raw, req.params.provider)}?${new URL(req.raw.originalUrl, 'http://x').searchParams.toString()}`);
    const outcome = await finishSignIn(ctx, {
      name: req.params.provider,
      currentUrl,
      browserState: stateFromCookies(req.headers.cookie),
      client: clientOf(req),
    }).then(
      (code) => ({ sso: code }),
      (error: unknown) => ({ ssoError: errorCode(error) }),
    );
    return new RawReply('', 'text/plain', { Location: consoleRedirect(outcome), 'Set-Cookie': stateCookie(req.raw, '') }, 302);
  },
});

export const exchangeOidcCode = defineRoute({
  method: 'POST',
  path: '/auth/oidc/exchange',
  public: true,
  summary: "Trades single sign-on's one-time code for the session's tokens",
  description: 'Each code works once, within 60 seconds; it answers the TokenPair a password login answers.',
  body: named('SsoCode', Type.Object({ code: Type.String({ minLength: 1, maxLength: 128 }) })),
  response: Type.Object({
    accessToken: Type.String(),
    tokenType: Type.Literal('Bearer'),
    expiresIn: Type.Integer(),
    expiresAt: Type.String({ format: 'date-time' }),
    refreshToken: Type.String(),
  }),
  errors: [SsoErrors.AUTH_SSO_CODE_INVALID_401],
  handler: ({ body }, ctx) => exchangeCode(ctx, body.code),
});

function clientOf(req: RouteRequest<unknown, unknown, unknown, unknown>) {
  return { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' };
}

/** A catalogued error's code for the console; anything else is the server's failure, not the user's. */
function errorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && 'definition' in error) return String(error.code);
  throw error;
}
