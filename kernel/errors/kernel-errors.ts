import { defineErrors } from './error-definition';

/** The errors the kernel itself raises, for every module alike. */
export const KernelErrors = defineErrors({
  AUTH_TOKEN_MISSING_401: {
    en: 'Authentication is required: send an Authorization: Bearer token.',
    zh: '需要身份认证：请携带 Authorization: Bearer 令牌。',
  },
  AUTH_TOKEN_INVALID_401: { en: 'The access token is invalid.', zh: '访问令牌无效。' },
  AUTH_TOKEN_EXPIRED_401: { en: 'The access token has expired.', zh: '访问令牌已过期。' },
  AUTH_TOKEN_REVOKED_401: { en: 'The access token has been revoked.', zh: '访问令牌已被吊销。' },
  PERM_DENIED_403: {
    en: 'You do not have permission to perform this operation.',
    zh: '您没有执行此操作的权限。',
  },
  VALIDATION_FAILED_400: { en: 'The request parameters are invalid.', zh: '请求参数不合法。' },
  VALIDATION_MALFORMED_BODY_400: {
    en: 'The request body is not well-formed JSON.',
    zh: '请求体不是合法的 JSON。',
  },
  SYSTEM_NOT_FOUND_404: { en: 'No such endpoint.', zh: '接口不存在。' },
  SYSTEM_RESOURCE_NOT_FOUND_404: { en: 'The resource does not exist.', zh: '资源不存在。' },
  SYSTEM_VERSION_CONFLICT_409: {
    en: 'The resource was changed by someone else; reload it and try again.',
    zh: '资源已被他人修改，请刷新后重试。',
  },
  SYSTEM_MODULE_DEPENDENCY_CONFLICT_409: {
    en: 'The module cannot change state because of its dependencies.',
    zh: '由于模块依赖关系，无法变更该模块的状态。',
  },
  SYSTEM_MODULE_ESSENTIAL_409: {
    en: 'This module is essential to the platform and cannot be disabled.',
    zh: '该模块是平台必需的模块，不能停用。',
  },
  SYSTEM_PAYLOAD_TOO_LARGE_413: { en: 'The request body is too large.', zh: '请求体过大。' },
  SYSTEM_RATE_LIMITED_429: {
    en: 'Too many requests; retry later.',
    zh: '请求过于频繁，请稍后再试。',
  },
  SYSTEM_INTERNAL_ERROR_500: {
    en: 'An unexpected error occurred.',
    zh: '服务器发生意外错误。',
  },
  SYSTEM_DEPENDENCY_UNAVAILABLE_503: {
    en: 'A service this operation needs (the database or Redis) is unreachable; retry later.',
    zh: '此操作依赖的服务（数据库或 Redis）暂时无法访问，请稍后重试。',
  },
  SYSTEM_UNAVAILABLE_503: {
    en: 'The service is not ready.',
    zh: '服务尚未就绪。',
  },
});
