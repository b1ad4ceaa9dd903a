import { defineErrors } from '@atrium/kernel';

/**
 * The menus module's catalogued errors, under the `SYSTEM_MENU_` prefix api.md fixes for the menu
 * resource. Not found, stale versions and bad input use the kernel's codes.
 */
export const MenusErrors = defineErrors({
  SYSTEM_MENU_LOCKED_409: {
    en: 'The menu is declared by a module: it cannot be deleted, and only its place, order, visibility and icon may change.',
    zh: '该菜单由模块声明：不能删除，只能修改其位置、排序、可见性和图标。',
  },
  SYSTEM_MENU_CYCLE_409: {
    en: 'A menu cannot be moved under itself or one of its descendants.',
    zh: '菜单不能移动到自身或其下级菜单之下。',
  },
  SYSTEM_MENU_IN_USE_409: {
    en: 'The menu still has child menus.',
    zh: '该菜单仍有子菜单。',
  },
});
