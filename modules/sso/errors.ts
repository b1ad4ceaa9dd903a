import { defineErrors } from '@atrium/kernel';

/** Single sign-on's codes; a disabled account or tenant answers auth's own, as a password login does. */
export const SsoErrors = defineErrors({
  SYSTEM_SSO_PROVIDER_DUPLICATED_409: {
    en: 'A single sign-on provider of this name already exists.',
    zh: '同名的单点登录提供方已存在。',
  },
  AUTH_SSO_STATE_INVALID_401: {
    en: 'The single sign-on attempt is unknown, used or expired; start again.',
    zh: '单点登录请求无效、已使用或已过期，请重新开始。',
  },
  AUTH_SSO_REJECTED_401: {
    en: "The identity provider's answer was refused.",
    zh: '身份提供方的响应未通过校验。',
  },
  AUTH_SSO_NO_ACCOUNT_401: {
    en: 'No account here matches this identity, and accounts are not created on sign-in.',
    zh: '没有与该身份对应的账号，且未开启登录时自动创建账号。',
  },
  AUTH_SSO_CODE_INVALID_401: {
    en: 'The sign-in code is unknown, used or expired.',
    zh: '登录码无效、已使用或已过期。',
  },
});
