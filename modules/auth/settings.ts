import type { ModuleContext } from '@atrium/kernel';
import { ParamsApi, defineParam, type Params } from '@atrium/module/params';
import type { LoginLimits } from './login-limiter';

const DAY = 24 * 60 * 60;

/** Auth's built-in params: operators change them through /params, and the next login follows. */
export const LOGIN_MAX_FAILURES = defineParam({
  key: 'auth.login.maxFailures',
  name: 'Failed logins allowed per window',
  type: 'integer',
  default: 5,
  min: 1,
  max: 1000,
  description: 'Per (account, client address) and per client address; beyond it a login answers 429, even with the right password.',
});

export const LOGIN_WINDOW_SECONDS = defineParam({
  key: 'auth.login.windowSeconds',
  name: 'Failed login window (seconds)',
  type: 'integer',
  default: 600,
  min: 1,
  max: DAY,
  description: 'How long failed logins are counted; every window ends.',
});

export const CAPTCHA_AFTER_FAILURES = defineParam({
  key: 'auth.captcha.afterFailures',
  name: 'Failed logins before a captcha is asked',
  type: 'integer',
  // Off unless an operator turns it on: a script that logs in cannot read a picture.
  default: 0,
  min: 0,
  max: 1000,
  description:
    'Counted as auth.login.maxFailures is (per account and client address, and per client address, in auth.login.windowSeconds); from this many on, a login must carry a solved captcha (POST /auth/captcha). 0, the default, turns the captcha off; below auth.login.maxFailures, it comes before the lockout.',
});

export const ACCESS_TOKEN_TTL_SECONDS = defineParam({
  key: 'auth.accessToken.ttlSeconds',
  name: 'Access token lifetime (seconds)',
  type: 'integer',
  default: 900,
  min: 1,
  max: DAY,
  description: 'Applies to tokens issued from then on.',
});

export const REFRESH_TOKEN_TTL_SECONDS = defineParam({
  key: 'auth.refreshToken.ttlSeconds',
  name: 'Session lifetime without a refresh (seconds)',
  type: 'integer',
  default: 7 * DAY,
  min: 60,
  max: 365 * DAY,
  description: 'Each refresh moves the session’s expiry this far on.',
});

export const AUTH_PARAMS = [LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS, CAPTCHA_AFTER_FAILURES, ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS];

/**
 * Auth's settings. The limits and lifetimes are params, read when they are needed (params caches
 * them and drops the cache on every change, so a change applies at the next login or refresh).
 */
export class AuthSettings {
  constructor(private readonly params: Params) {}

  async loginLimits(): Promise<LoginLimits> {
    const [maxFailures, windowSeconds] = await Promise.all([this.params.get(LOGIN_MAX_FAILURES), this.params.get(LOGIN_WINDOW_SECONDS)]);
    return { maxFailures, windowSeconds };
  }

  /** Failed logins from which a login needs a captcha; 0 when the captcha is off. */
  captchaAfterFailures(): Promise<number> {
    return this.params.get(CAPTCHA_AFTER_FAILURES);
  }

  accessTokenTtlSeconds(): Promise<number> {
    return this.params.get(ACCESS_TOKEN_TTL_SECONDS);
  }

  refreshTokenTtlSeconds(): Promise<number> {
    return this.params.get(REFRESH_TOKEN_TTL_SECONDS);
  }
}

export function readSettings(ctx: ModuleContext): AuthSettings {
  return new AuthSettings(ctx.use(ParamsApi));
}
