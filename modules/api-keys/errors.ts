import { defineErrors } from '@atrium/kernel';

/**
 * The module's own code. A key that is unknown, revoked or expired is refused with the kernel's
 * AUTH_TOKEN_INVALID_401, AUTH_TOKEN_REVOKED_401 and AUTH_TOKEN_EXPIRED_401, as every credential
 * is; a key asking for more than its owner holds is the kernel's PERM_DENIED_403 (an escalation),
 * a key of someone else's the kernel's SYSTEM_RESOURCE_NOT_FOUND_404; a rate over the key's
 * limit is SYSTEM_RATE_LIMITED_429.
 */
export const ApiKeyErrors = defineErrors({
  API_KEY_SESSION_REQUIRED_403: {
    en: 'API keys are managed from a session of your own, not with an API key nor from a session switched into another tenant.',
    zh: 'API 密钥只能在您本人的登录会话中管理，不能使用 API 密钥或切换到其他租户的会话进行管理。',
  },
});
