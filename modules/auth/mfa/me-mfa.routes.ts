import { Type, defineRoute, named } from '@atrium/kernel';
import { clientAddress } from '../client-address';
import { AuthErrors } from '../errors';
import { MfaStatusSchema, RecoveryCodes, TotpCode, TotpEnrolmentSchema } from './mfa.schemas';
import { TwoFactor } from './two-factor';

/** The caller's own second factor: whether it is on, enrolment, and turning it off. */

export const myMfa = defineRoute({
  method: 'GET',
  path: '/me/mfa',
  permission: 'me:mfa:query',
  summary: "Whether the caller's two-factor sign-in is on",
  description: 'Never the secret: it is shown once, when the enrolment starts.',
  response: MfaStatusSchema,
  handler: async ({ principal }, ctx) => ({ totp: await new TwoFactor(ctx).enabled(principal.userId) }),
});

export const beginMyTotp = defineRoute({
  method: 'POST',
  path: '/me/mfa/totp',
  permission: 'me:mfa:edit',
  summary: 'Starts setting up two-factor sign-in with an authenticator app',
  description:
    'Answers a new secret, its `otpauth://` URI and that URI as a QR code, shown this once; two-factor is not on until ' +
    'POST /me/mfa/totp/confirm proves the app has it. Starting again replaces an unconfirmed secret. 409 AUTH_MFA_ALREADY_ENABLED_409 when it is on.',
  response: TotpEnrolmentSchema,
  errors: [AuthErrors.AUTH_MFA_ALREADY_ENABLED_409],
  handler: ({ principal }, ctx) => new TwoFactor(ctx).beginEnrolment(principal.userId, principal.username),
});

export const confirmMyTotp = defineRoute({
  method: 'POST',
  path: '/me/mfa/totp/confirm',
  permission: 'me:mfa:edit',
  summary: 'Turns two-factor sign-in on with a code of the new secret',
  description:
    'From then on a login asks for a code after the password. Answers ten recovery codes, shown this once. A wrong code is ' +
    '400 AUTH_MFA_CODE_INVALID_400 (attempts are limited as failed logins are); no enrolment started, 409 AUTH_MFA_NOT_ENROLLING_409.',
  body: TotpCode,
  response: named('TotpEnabled', Type.Object({ recoveryCodes: RecoveryCodes })),
  errors: [AuthErrors.AUTH_MFA_CODE_INVALID_400, AuthErrors.AUTH_MFA_NOT_ENROLLING_409, AuthErrors.AUTH_TOO_MANY_ATTEMPTS_429],
  handler: async ({ principal, body, ip }, ctx) => ({
    recoveryCodes: await new TwoFactor(ctx).confirmEnrolment(principal.userId, body.code, clientAddress(ip), AuthErrors.AUTH_MFA_CODE_INVALID_400),
  }),
});

export const disableMyTotp = defineRoute({
  method: 'DELETE',
  path: '/me/mfa/totp',
  permission: 'me:mfa:edit',
  summary: 'Turns two-factor sign-in off',
  description:
    'Needs a current code or an unused recovery code in the body (`{code}`): a session left open is not enough. The secret and ' +
    'recovery codes are deleted. A wrong code is 400 AUTH_MFA_CODE_INVALID_400; not on, 409 AUTH_MFA_NOT_ENABLED_409.',
  body: TotpCode,
  response: Type.Object({}),
  errors: [AuthErrors.AUTH_MFA_CODE_INVALID_400, AuthErrors.AUTH_MFA_NOT_ENABLED_409, AuthErrors.AUTH_TOO_MANY_ATTEMPTS_429],
  handler: async ({ principal, body, ip }, ctx) => {
    await new TwoFactor(ctx).disable(principal.userId, body.code, clientAddress(ip));
    return {};
  },
});
