import { permissionGrants, type DbCapability, type KernelAdmin } from '@atrium/kernel';
import type { MenuNode, MenuTree } from './api';
import { MenuEntity, type Menu } from './menu.entity';
import { enabledModuleIds, isShown } from './menu-visibility';

/**
 * Nests the menus that pass `include` and whose every ancestor does too: hiding a menu, or
 * disabling the module that declared it, takes its subtree along. A menu whose parent row is
 * gone altogether becomes a root. Siblings are ordered by `sort`, then title.
 */
export function nest(menus: readonly Menu[], include: (menu: Menu) => boolean): MenuNode[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const shown = new Map<string, boolean>();
  const isIn = (menu: Menu, path: Set<string>): boolean => {
    const known = shown.get(menu.id);
    if (known !== undefined) return known;
    // A cycle (two moves that raced) reaches no root: none of it is shown.
    if (path.has(menu.id)) return false;
    path.add(menu.id);
    const parent = menu.parentId ? byId.get(menu.parentId) : undefined;
    const result = include(menu) && (parent === undefined || isIn(parent, path));
    shown.set(menu.id, result);
    return result;
  };
  const nodes = new Map(menus.filter((m) => isIn(m, new Set())).map((m) => [m.id, node(m)]));
  const roots: MenuNode[] = [];
  for (const item of nodes.values()) {
    const parent = item.parentId ? nodes.get(item.parentId) : undefined;
    (parent ? parent.children : roots).push(item);
  }
  return ordered(roots);
}

/** Keeps the nodes `keep` accepts and the ancestors of those: the tree stays connected. */
export function prune(nodes: readonly MenuNode[], keep: (node: MenuNode) => boolean): MenuNode[] {
  return nodes.flatMap((n) => {
    const children = prune(n.children, keep);
    return keep(n) || children.length > 0 ? [{ ...n, children }] : [];
  });
}

/** `menus.MenuTree`: the navigation a caller may see. */
export class MenuTreeService implements MenuTree {
  constructor(
    private readonly db: DbCapability,
    private readonly kernel: KernelAdmin,
  ) {}

  async treeFor(permissions: readonly string[]): Promise<MenuNode[]> {
    const enabled = enabledModuleIds(this.kernel);
    const all = await this.db.em().find(MenuEntity, {});
    const tree = nest(all, (m) => m.visible && isShown(m, enabled));
    return prune(tree, (n) => permissions.some((held) => permissionGrants(held, n.permission)));
  }
}

function node(menu: Menu): MenuNode {
  return {
    id: menu.id,
    parentId: menu.parentId ?? null,
    title: menu.title,
    path: menu.path,
    component: menu.component,
    permission: menu.permission,
    type: menu.type,
    icon: menu.icon ?? null,
    sort: menu.sort,
    visible: menu.visible,
    moduleId: menu.moduleId ?? null,
    children: [],
  };
}

function ordered(nodes: MenuNode[]): MenuNode[] {
  nodes.sort((a, b) => a.sort - b.sort || a.title.localeCompare(b.title, 'en') || a.id.localeCompare(b.id));
  for (const n of nodes) ordered(n.children);
  return nodes;
}
