import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Catalog, MenuNode } from '../../catalog/resources';

/** What a module's own page is given: its menu (its path is the page's base) and the live catalog. */
export interface CustomPageProps {
  menu: MenuNode;
  catalog: Catalog;
}

type CustomPage = LazyExoticComponent<ComponentType<CustomPageProps>>;

/**
 * Pages written for a module, by the `component` its manifest gives the menu: they take the
 * menu's place instead of the page drawn from the catalog. Each loads on first use, so the
 * console's first load stays the same whatever is added here:
 * `'system/user/index': lazy(() => import('./users/users-page'))`.
 */
const PAGES: Record<string, CustomPage> = {
  'system/user/index': lazy(() => import('./users/users-page')),
  'system/dept/index': lazy(() => import('./departments/departments-page')),
  'system/modules/index': lazy(() => import('./modules/modules-page')),
  'system/dict/index': lazy(() => import('./dictionaries/dictionaries-page')),
  'system/params/index': lazy(() => import('./params/params-page')),
  'system/tenant/index': lazy(() => import('./tenants/tenants-page')),
  'system/roles/index': lazy(() => import('./roles/roles-page')),
  'system/tenantPackage/index': lazy(() => import('./packages/packages-page')),
  'system/menus/index': lazy(() => import('./menus/menus-page')),
  'system/assets/index': lazy(() => import('./assets/assets-page')),
  'system/notice/index': lazy(() => import('./notices/notices-page')),
  'tool/generator/index': lazy(() => import('./generator/generator-page')),
  'system/audit/logins/index': lazy(() => import('./audit/logins-page')),
  'system/audit/operations/index': lazy(() => import('./audit/operations-page')),
  'system/tasks/index': lazy(() => import('./tasks/tasks-page')),
  'system/tasks/schedules/index': lazy(() => import('./tasks/schedules-page')),
  'system/sessions/index': lazy(() => import('./sessions/sessions-page')),
  'system/sso/index': lazy(() => import('./sso/providers-page')),
  'monitor/server/index': lazy(() => import('./monitor/server-page')),
  'monitor/cache/index': lazy(() => import('./monitor/caches-page')),
};

/** The page written for `menu`, if any; else the menu gets the page drawn from the catalog. */
export function customPageFor(menu: MenuNode): CustomPage | undefined {
  return Object.hasOwn(PAGES, menu.component) ? PAGES[menu.component] : undefined;
}
