import { Type, named } from '@atrium/kernel';

export const MfaCode = Type.String({
  minLength: 6,
  maxLength: 16,
  description: "The six-digit code of the user's authenticator app, or one of their unused recovery codes (`XXXXX-XXXXX`).",
  // A recovery code refused for another reason (an expired mfaToken) still works: no audit row keeps it.
  writeOnly: true,
});

const MfaToken = Type.String({ minLength: 1, maxLength: 256, description: 'The mfaToken the login answered.' });

export const MfaRequiredSchema = named(
  'MfaRequired',
  Type.Object({
    mfaRequired: Type.Literal(true),
    mfaToken: Type.String({ description: 'Send it with a code to POST /auth/mfa; it is short-lived (auth.mfa.tokenTtlSeconds) and works once.' }),
  }),
);

export const MfaEnrolmentRequiredSchema = named(
  'MfaEnrolmentRequired',
  Type.Object({
    mfaEnrolmentRequired: Type.Literal(true),
    mfaToken: Type.String({
      description: 'A role of the user requires two-factor sign-in: the token allows only POST /auth/mfa/totp and POST /auth/mfa/totp/confirm.',
    }),
  }),
);

export const MfaCompletion = named('MfaCompletion', Type.Object({ mfaToken: MfaToken, code: MfaCode }));
export const MfaEnrolmentStart = named('MfaEnrolmentStart', Type.Object({ mfaToken: MfaToken }));
export const TotpCode = named('TotpCode', Type.Object({ code: MfaCode }));

export const TotpEnrolmentSchema = named(
  'TotpEnrolment',
  Type.Object({
    secret: Type.String({ description: 'The shared secret, base32, for typing into an app by hand. Shown now only.' }),
    uri: Type.String({ description: 'The `otpauth://totp/…` URI the QR code holds.' }),
    qrCode: Type.String({ description: 'The URI as a QR code: a `data:image/png;base64,…` URL.' }),
  }),
);

export const RecoveryCodes = Type.Array(Type.String(), {
  description: 'Ten one-time recovery codes, each usable once in place of a code. Shown now only: the server keeps their hashes.',
});

export const MfaStatusSchema = named('MfaStatus', Type.Object({ totp: Type.Boolean({ description: 'Whether two-factor sign-in (TOTP) is on.' }) }));
