import { defineErrors } from '@atrium/kernel';

/**
 * Auth's own codes. The token codes (AUTH_TOKEN_MISSING/INVALID/EXPIRED/REVOKED_401) are the
 * kernel's: every authenticator answers them alike.
 */
export const AuthErrors = defineErrors({
  AUTH_INVALID_CREDENTIALS_401: {
    en: 'The username or password is incorrect.',
    zh: '用户名或密码错误。',
  },
  AUTH_ACCOUNT_DISABLED_401: {
    en: 'The account is disabled.',
    zh: '账号已停用。',
  },
  AUTH_TENANT_DISABLED_401: {
    en: 'The tenant is disabled or has expired.',
    zh: '租户已停用或已过期。',
  },
  AUTH_CAPTCHA_REQUIRED_401: {
    en: 'After several failed logins, solve the captcha to log in.',
    zh: '登录失败次数较多，请先完成验证码。',
  },
  AUTH_CAPTCHA_INVALID_401: {
    en: 'The captcha answer is wrong or has expired; try a new one.',
    zh: '验证码错误或已过期，请换一张重试。',
  },
  AUTH_TOO_MANY_ATTEMPTS_429: {
    en: 'Too many failed login attempts; try again later.',
    zh: '登录失败次数过多，请稍后再试。',
  },
});
