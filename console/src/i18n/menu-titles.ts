import type { MenuNode } from '../catalog/resources';
import type { Language } from './i18n';

/**
 * The built-in modules' menus in Chinese, by their component. A manifest gives a menu one title
 * (the contract's menu object has no other), in English for the built-in modules; any other
 * module's menus keep the title it gave.
 */
const ZH: Record<string, string> = {
  'system/user/index': '用户管理',
  'system/dept/index': '部门管理',
  'system/post/index': '岗位管理',
  'system/roles/index': '角色管理',
  'system/menus/index': '菜单管理',
  'system/dict/index': '字典管理',
  'system/params/index': '参数设置',
  'system/audit/logins/index': '登录日志',
  'system/audit/operations/index': '操作日志',
  'system/sessions/index': '在线用户',
  'system/assets/index': '文件管理',
  'tool/generator/index': '代码生成',
  'system/tasks/index': '任务管理',
  'system/tasks/schedules/index': '定时任务',
  'system/modules/index': '模块管理',
  'system/permissions/index': '权限列表',
  'system/info/index': '实例信息',
  'system/tenant/index': '租户管理',
  'system/tenantPackage/index': '租户套餐',
  'system/notice/index': '通知公告',
  'monitor/server/index': '服务监控',
  'monitor/cache/index': '缓存监控',
};

const TITLES: Record<Language, Record<string, string>> = { en: {}, zh: ZH };

/** The menu tree with each built-in menu's title in `language`. */
export function localizedMenus(menus: readonly MenuNode[], language: Language): MenuNode[] {
  const titles = TITLES[language];
  return menus.map((menu) => ({
    ...menu,
    title: Object.hasOwn(titles, menu.component) ? titles[menu.component] : menu.title,
    children: localizedMenus(menu.children ?? [], language),
  }));
}
