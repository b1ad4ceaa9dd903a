import type { MenuNode } from '../../../catalog/resources';

/** The codes the menus API checks (modules/menus/README.md), which hide the buttons behind them. */
export const MENU_PERMISSIONS = {
  add: 'system:menu:add',
  edit: 'system:menu:edit',
  remove: 'system:menu:remove',
} as const;

export type MenuType = MenuNode['type'];
export const MENU_TYPES: readonly MenuType[] = ['directory', 'menu', 'button'];

/** A node of GET /menus/tree: the side menu's node and what only this page shows. It carries no `version`: an edit reads the menu itself. */
export interface Menu extends Omit<MenuNode, 'children'> {
  parentId: string | null;
  icon: string | null;
  sort: number;
  children: Menu[];
}

/** A row of the tree table: no `children` on a leaf, so that it shows no expander. */
export type MenuRow = Omit<Menu, 'children'> & { children?: MenuRow[] };

export function menuRows(menus: readonly Menu[]): MenuRow[] {
  return menus.map(({ children, ...menu }) => (children.length > 0 ? { ...menu, children: menuRows(children) } : menu));
}

/** The ids of the rows that have children: the tree table opens them all at first. */
export function parentIds(rows: readonly MenuRow[]): string[] {
  return rows.flatMap((row) => (row.children ? [row.id, ...parentIds(row.children)] : []));
}

/** A parent to pick (TreeSelect's shape): a button holds nothing, and a menu cannot move under itself or its descendants. */
export interface ParentOption {
  value: string;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

export function parentOptions(rows: readonly MenuRow[], moving?: string, inMoving = false): ParentOption[] {
  return rows.map((row) => {
    const inside = inMoving || row.id === moving;
    return { value: row.id, title: row.title, disabled: inside || row.type === 'button', children: parentOptions(row.children ?? [], moving, inside) };
  });
}
