import { defineErrors } from '@atrium/kernel';

/**
 * The roles module's catalogued errors. The `SYSTEM_ROLE_` prefix is the one api.md fixes for
 * the role resource. Not found, stale versions, bad input and refused escalation use the
 * kernel's codes.
 */
export const RolesErrors = defineErrors({
  SYSTEM_ROLE_DUPLICATED_409: {
    en: 'Another role already has this code.',
    zh: '已有其他角色使用此编码。',
  },
  SYSTEM_ROLE_PROTECTED_409: {
    en: 'The administrator role cannot be deleted, disabled, renamed or stripped of *:*:*.',
    zh: '管理员角色不能被删除、停用、改编码或移除 *:*:* 权限。',
  },
  SYSTEM_ROLE_IN_USE_409: {
    en: 'The role is still held by users.',
    zh: '该角色仍被用户持有。',
  },
});
