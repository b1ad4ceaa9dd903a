import { defineErrors } from '@atrium/kernel';

/**
 * The departments' own conflicts. A missing department, a stale version and a parent that does
 * not exist use the kernel's SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409 and
 * VALIDATION_FAILED_400, as every module does.
 */
export const DepartmentErrors = defineErrors({
  SYSTEM_DEPT_DUPLICATED_409: {
    en: 'A department with this name already exists under the same parent.',
    zh: '同一上级部门下已存在同名部门。',
  },
  SYSTEM_DEPT_CYCLE_409: {
    en: 'A department cannot be moved under itself or under one of its own descendants.',
    zh: '部门不能移动到其自身或其下级部门之下。',
  },
  SYSTEM_DEPT_IN_USE_409: {
    en: 'The department still has sub-departments or members and cannot be deleted.',
    zh: '该部门仍有下级部门或成员，不能删除。',
  },
});
