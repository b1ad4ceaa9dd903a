import { defineErrors } from '@atrium/kernel';

/** The params' own conflicts; not found, stale versions and bad values are the kernel's codes. */
export const ParamErrors = defineErrors({
  SYSTEM_PARAM_DUPLICATED_409: {
    en: 'Another param already has this key.',
    zh: '已有其他参数使用此键名。',
  },
  SYSTEM_PARAM_PLATFORM_ONLY_403: {
    en: 'This param is the platform’s: a tenant reads its value and cannot set its own.',
    zh: '此参数属于平台：租户只能读取其值，不能设置自己的值。',
  },
  SYSTEM_PARAM_BUILTIN_409: {
    en: 'This param is built in: it cannot be deleted, and its key and name come from the module that declares it.',
    zh: '此参数为内置参数：不能删除，其键名和名称由声明它的模块决定。',
  },
});
