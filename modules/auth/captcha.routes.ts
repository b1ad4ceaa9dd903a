import { Type, defineRoute, named } from '@atrium/kernel';
import { authRuntime } from './auth-runtime';

/** Public: a login that needs a captcha is made before anyone is signed in. */
export const drawCaptcha = defineRoute({
  method: 'POST',
  path: '/auth/captcha',
  public: true,
  summary: 'Draws a login captcha: a picture of characters to read',
  description:
    'Answers a new challenge: `image` (an SVG data URL) and `captchaId`. Send the id and the characters read, in any case, as ' +
    '`captchaId` and `captchaAnswer` of POST /auth/login, which needs them after auth.captcha.afterFailures failed logins. A ' +
    'challenge answers one login, right or wrong, within two minutes; draw a new one for each try.',
  status: 201,
  response: named(
    'CaptchaChallenge',
    Type.Object({
      captchaId: Type.String({ format: 'uuid' }),
      image: Type.String({ description: 'An SVG picture of the characters, as a `data:image/svg+xml;base64,` URL.' }),
      expiresAt: Type.String({ format: 'date-time' }),
    }),
  ),
  handler: (_req, ctx) => authRuntime(ctx).captchas.draw(),
});
