import { defineErrors } from '@atrium/kernel';

/**
 * The users' own conflicts. A user out of sight, a stale version and a reference to nothing use
 * the kernel's SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409 and
 * VALIDATION_FAILED_400; an escalation is the kernel's PERM_DENIED_403.
 */
export const UserErrors = defineErrors({
  SYSTEM_USER_DUPLICATED_409: {
    en: 'Another user already has this username, email or phone.',
    zh: '用户名、邮箱或手机号已被其他用户使用。',
  },
  SYSTEM_USER_PROTECTED_409: {
    en: 'This account cannot be deleted or disabled: it is the administrator or your own.',
    zh: '该账号不能被删除或停用：它是管理员账号或您自己的账号。',
  },
  SYSTEM_IMPORT_UNSUPPORTED_TYPE_415: {
    en: 'The file is not an Excel workbook (.xlsx).',
    zh: '文件不是 Excel 工作簿（.xlsx）。',
  },
  SYSTEM_IMPORT_FILE_INVALID_400: {
    en: 'The workbook cannot be imported: see the details.',
    zh: '该工作簿无法导入，详见错误明细。',
  },
});
