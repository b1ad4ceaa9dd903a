import { defineErrors } from '@atrium/kernel';
import { TenantLimitErrors } from './api';

/**
 * The tenants' own conflicts (the user limit, in api.ts, is answered by the users module); not
 * found and stale versions are the kernel's codes.
 */
export const TenantErrors = {
  ...TenantLimitErrors,
  ...defineErrors({
    TENANT_CODE_DUPLICATED_409: {
      en: 'Another tenant already has this code.',
      zh: '已有其他租户使用此编码。',
    },
    TENANT_PACKAGE_DUPLICATED_409: {
      en: 'Another tenant package already has this name.',
      zh: '已有其他租户套餐使用此名称。',
    },
    TENANT_PACKAGE_IN_USE_409: {
      en: 'Tenants still use this package.',
      zh: '仍有租户使用此套餐。',
    },
    TENANT_DEFAULT_PROTECTED_409: {
      en: 'The default tenant stays active, keeps its code and cannot be deleted.',
      zh: '默认租户必须保持启用、保留编码且不能删除。',
    },
  }),
};
