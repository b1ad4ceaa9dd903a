import type { MenuProps } from 'antd';
import type { MenuNode } from '../catalog/resources';

type Item = Required<MenuProps>['items'][number];

/**
 * The side menu from GET /me/menus, as the server ordered and filtered it: directories open
 * into their children, pages link to their path, buttons (permissions, not pages) are left out.
 */
export function navigationItems(menus: readonly MenuNode[]): Item[] {
  return menus
    .filter((menu) => menu.visible !== false && menu.type !== 'button')
    .map((menu) =>
      menu.type === 'directory'
        ? { key: `dir:${menu.id}`, label: menu.title, children: navigationItems(menu.children ?? []) }
        : { key: menu.path, label: menu.title },
    );
}

/** The menu whose path is the longest prefix of `pathname`: a page's create and edit forms live below it. */
export function menuAt(pages: readonly MenuNode[], pathname: string): MenuNode | undefined {
  return pages.filter((menu) => pathname === menu.path || pathname.startsWith(menu.path + '/')).sort((a, b) => b.path.length - a.path.length)[0];
}
