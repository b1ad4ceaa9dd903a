import { KernelErrors, Type, defineRoute, named } from '@atrium/kernel';
import { clientAddress } from './client-address';
import { AuthErrors } from './errors';
import { DEFAULT_TENANT_CODE, TenantDirectoryApi } from '@atrium/module/tenants';
import { LoginService } from './login.service';
import { MfaEnrolmentRequiredSchema, MfaRequiredSchema } from './mfa/mfa.schemas';

export const TokenPairSchema = named(
  'TokenPair',
  Type.Object({
    accessToken: Type.String({ description: 'A JWT; send it as `Authorization: Bearer <accessToken>`.' }),
    tokenType: Type.Literal('Bearer'),
    expiresIn: Type.Integer({ minimum: 1, description: 'Seconds the access token lives.' }),
    expiresAt: Type.String({ format: 'date-time' }),
    refreshToken: Type.String({ description: 'Spent by POST /auth/refresh, which answers the next one.' }),
  }),
);

export const login = defineRoute({
  method: 'POST',
  path: '/auth/login',
  public: true,
  summary: 'Logs in: a new session, with an access token and a refresh token',
  description:
    'Signs in to the tenant whose code `tenant` names, the default tenant without it; the same username may be two people ' +
    'in two tenants. An unknown user, a wrong password and an unknown tenant answer the same 401; a disabled or expired ' +
    'tenant answers 401 AUTH_TENANT_DISABLED_401 to its users. Failed logins are limited per account and client address ' +
    '(the params auth.login.maxFailures in auth.login.windowSeconds): beyond that, 429 with Retry-After, even for the right password. ' +
    'From auth.captcha.afterFailures failures on, a login must also carry a challenge of POST /auth/captcha, solved: without one it ' +
    'answers 401 AUTH_CAPTCHA_REQUIRED_401, with a wrong or expired one 401 AUTH_CAPTCHA_INVALID_401, and the password is not tried. ' +
    'A user with two-factor on gets `{mfaRequired, mfaToken}` instead of tokens (complete with POST /auth/mfa); a member of a role ' +
    'the param auth.mfa.requiredRoles names who has none gets `{mfaEnrolmentRequired, mfaToken}` (enrol with POST /auth/mfa/totp).',
  // No length floor on the password: it is checked exactly as sent, whatever policy set it.
  body: named(
    'LoginCredentials',
    Type.Object({
      username: Type.String({ minLength: 1, maxLength: 256 }),
      password: Type.String({ minLength: 1, maxLength: 1024 }),
      tenant: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "The tenant's code; `default` when left out." })),
      captchaId: Type.Optional(Type.String({ format: 'uuid', description: 'The challenge of POST /auth/captcha answered, when the login needs one.' })),
      captchaAnswer: Type.Optional(Type.String({ minLength: 1, maxLength: 16, description: 'The characters the challenge shows, in any case.' })),
    }),
  ),
  response: Type.Union([TokenPairSchema, MfaRequiredSchema, MfaEnrolmentRequiredSchema]),
  errors: [
    AuthErrors.AUTH_INVALID_CREDENTIALS_401,
    AuthErrors.AUTH_ACCOUNT_DISABLED_401,
    AuthErrors.AUTH_TENANT_DISABLED_401,
    AuthErrors.AUTH_CAPTCHA_REQUIRED_401,
    AuthErrors.AUTH_CAPTCHA_INVALID_401,
    AuthErrors.AUTH_TOO_MANY_ATTEMPTS_429,
  ],
  handler: ({ body, ip, headers }, ctx) =>
    new LoginService(ctx).login(
      {
        username: body.username,
        password: body.password,
        tenant: body.tenant ?? DEFAULT_TENANT_CODE,
        captcha: body.captchaId !== undefined ? { id: body.captchaId, answer: body.captchaAnswer ?? '' } : undefined,
      },
      { ip: clientAddress(ip), userAgent: headers['user-agent'] ?? '' },
    ),
});

/** Public: a sign-in form asks before anyone is signed in; it says no more than the form shows. */
export const loginOptions = defineRoute({
  method: 'GET',
  path: '/auth/login-options',
  public: true,
  summary: 'What a sign-in form asks for',
  description:
    'Public: `tenants` is true when a tenant besides the default one is usable (active and not expired), so a sign-in form shows the ' +
    'tenant code field; on a single-tenant installation it is false and the form asks for a username and password only. No tenant is named.',
  response: named(
    'LoginOptions',
    Type.Object({ tenants: Type.Boolean({ description: 'Whether a login should name its tenant (`tenant` of POST /auth/login).' }) }),
  ),
  handler: async (_req, ctx) => ({ tenants: await ctx.use(TenantDirectoryApi).hasOthers() }),
});

export const switchTenant = defineRoute({
  method: 'POST',
  path: '/auth/switch-tenant',
  permission: 'system:session:switchTenant',
  summary: "A platform administrator's session inside a tenant, for support",
  description:
    "Answers a new token pair whose session acts in the tenant whose code `tenant` names, as the caller, with the caller's permissions, " +
    "until it ends (log out) — the caller's own session is untouched. Audited in both tenants: this request in the caller's operation log, " +
    "the switch in the tenant's login log (reason `switched`), and what the new session does in the tenant's operation log. Only from a " +
    'session of the default tenant (403 otherwise); an unknown tenant is 404, a disabled or expired one 401 AUTH_TENANT_DISABLED_401.',
  body: named('TenantSwitch', Type.Object({ tenant: Type.String({ minLength: 1, maxLength: 64, description: "The tenant's code." }) })),
  response: TokenPairSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, AuthErrors.AUTH_TENANT_DISABLED_401],
  handler: ({ body, ip, headers, principal }, ctx) =>
    new LoginService(ctx).switchTenant(principal, body.tenant, { ip: clientAddress(ip), userAgent: headers['user-agent'] ?? '' }),
});

export const refresh = defineRoute({
  method: 'POST',
  path: '/auth/refresh',
  public: true,
  summary: 'Spends a refresh token for a new token pair',
  description: 'Each refresh token works once. Presenting a spent one again ends its whole session (401 AUTH_TOKEN_REVOKED_401).',
  body: named('TokenRefresh', Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 256 }) })),
  response: TokenPairSchema,
  errors: [KernelErrors.AUTH_TOKEN_INVALID_401, KernelErrors.AUTH_TOKEN_EXPIRED_401, KernelErrors.AUTH_TOKEN_REVOKED_401, AuthErrors.AUTH_TENANT_DISABLED_401],
  handler: ({ body }, ctx) => new LoginService(ctx).refresh(body.refreshToken),
});

export const logout = defineRoute({
  method: 'POST',
  path: '/auth/logout',
  public: true,
  ownBearer: true,
  summary: 'Ends the session of the bearer token sent',
  description:
    'Needs no permission, only the access token of the session to end: it may have expired, and a session that already ' +
    'ended answers 200 too. No token is 401 AUTH_TOKEN_MISSING_401; one this server did not sign, 401 AUTH_TOKEN_INVALID_401.',
  response: Type.Object({}),
  errors: [KernelErrors.AUTH_TOKEN_MISSING_401, KernelErrors.AUTH_TOKEN_INVALID_401],
  handler: async ({ headers }, ctx) => {
    await new LoginService(ctx).logout(headers.authorization);
    return {};
  },
});
