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
  AUTH_MFA_TOKEN_INVALID_401: {
    en: 'This sign-in step has expired or was already completed; log in again.',
    zh: '此登录步骤已过期或已完成，请重新登录。',
  },
  AUTH_MFA_CODE_INVALID_401: {
    en: 'The authentication code is wrong or was already used.',
    zh: '验证码错误或已被使用。',
  },
  AUTH_MFA_CODE_INVALID_400: {
    en: 'The authentication code is wrong or was already used.',
    zh: '验证码错误或已被使用。',
  },
  AUTH_MFA_ENROLMENT_REQUIRED_403: {
    en: 'Your role requires two-factor sign-in: set it up to log in.',
    zh: '您的角色要求启用两步验证，请先完成设置再登录。',
  },
  AUTH_MFA_ALREADY_ENABLED_409: {
    en: 'Two-factor sign-in is already on; turn it off first.',
    zh: '两步验证已启用，请先关闭。',
  },
  AUTH_MFA_NOT_ENROLLING_409: {
    en: 'No two-factor enrolment has been started; start one first.',
    zh: '尚未开始设置两步验证，请先开始设置。',
  },
  AUTH_MFA_NOT_ENABLED_409: {
    en: 'Two-factor sign-in is not on.',
    zh: '两步验证未启用。',
  },
  AUTH_TOO_MANY_ATTEMPTS_429: {
    en: 'Too many failed login attempts; try again later.',
    zh: '登录失败次数过多，请稍后再试。',
  },
});
