import { Type, defineRoute, named } from '@atrium/kernel';
import { TokenPairSchema } from '../auth.routes';
import { clientAddress } from '../client-address';
import { AuthErrors } from '../errors';
import { MfaCompletion, MfaEnrolmentStart, RecoveryCodes, TotpEnrolmentSchema } from './mfa.schemas';
import { MfaLogin } from './mfa-login';

/** The second step of a login, with the mfaToken POST /auth/login answered. Public: the token is the credential. */

const TOKEN_ERRORS = [AuthErrors.AUTH_MFA_TOKEN_INVALID_401, AuthErrors.AUTH_ACCOUNT_DISABLED_401, AuthErrors.AUTH_TENANT_DISABLED_401];

export const completeMfa = defineRoute({
  method: 'POST',
  path: '/auth/mfa',
  public: true,
  summary: 'Completes a login with its second factor',
  description:
    "Answers the login's tokens for the mfaToken of a login that answered `mfaRequired` and a current code of the user's " +
    'authenticator (each accepted once) or an unused recovery code (each works once). A wrong code is 401 AUTH_MFA_CODE_INVALID_401 ' +
    'and the token stays usable until it expires; attempts are limited as failed logins are (429 with Retry-After). The token works ' +
    'once; unknown, expired or spent, it is 401 AUTH_MFA_TOKEN_INVALID_401. A token of `mfaEnrolmentRequired` is 403 AUTH_MFA_ENROLMENT_REQUIRED_403.',
  body: MfaCompletion,
  response: TokenPairSchema,
  errors: [...TOKEN_ERRORS, AuthErrors.AUTH_MFA_CODE_INVALID_401, AuthErrors.AUTH_MFA_ENROLMENT_REQUIRED_403, AuthErrors.AUTH_TOO_MANY_ATTEMPTS_429],
  handler: ({ body, ip, headers }, ctx) =>
    new MfaLogin(ctx).complete(body.mfaToken, body.code, { ip: clientAddress(ip), userAgent: headers['user-agent'] ?? '' }),
});

export const beginRequiredTotp = defineRoute({
  method: 'POST',
  path: '/auth/mfa/totp',
  public: true,
  summary: 'Starts the two-factor enrolment a role requires, during login',
  description:
    'For the mfaToken of a login that answered `mfaEnrolmentRequired`: a new secret, its `otpauth://` URI and QR code, as ' +
    'POST /me/mfa/totp answers. Any other token is 401 AUTH_MFA_TOKEN_INVALID_401.',
  body: MfaEnrolmentStart,
  response: TotpEnrolmentSchema,
  errors: TOKEN_ERRORS,
  handler: ({ body }, ctx) => new MfaLogin(ctx).beginEnrolment(body.mfaToken),
});

export const confirmRequiredTotp = defineRoute({
  method: 'POST',
  path: '/auth/mfa/totp/confirm',
  public: true,
  summary: 'Turns the required two-factor on and completes the login',
  description:
    "With the enrol-only mfaToken and a code of the new secret: two-factor is on, and the answer is the login's tokens with ten " +
    'recovery codes, shown this once. A wrong code is 401 AUTH_MFA_CODE_INVALID_401 (limited as failed logins are).',
  body: MfaCompletion,
  response: named('TokenPairWithRecoveryCodes', Type.Composite([TokenPairSchema, Type.Object({ recoveryCodes: RecoveryCodes })])),
  errors: [...TOKEN_ERRORS, AuthErrors.AUTH_MFA_CODE_INVALID_401, AuthErrors.AUTH_MFA_NOT_ENROLLING_409, AuthErrors.AUTH_TOO_MANY_ATTEMPTS_429],
  handler: ({ body, ip, headers }, ctx) =>
    new MfaLogin(ctx).confirmEnrolment(body.mfaToken, body.code, { ip: clientAddress(ip), userAgent: headers['user-agent'] ?? '' }),
});
