import { permissionGrants, type ModuleContext } from '@atrium/kernel';
import type { MenuNode, MenuTree } from './api';
import { menus } from './menu.resource';

/** Keeps the nodes `keep` accepts and the ancestors of those: the tree stays connected. */
export function prune(nodes: readonly MenuNode[], keep: (node: MenuNode) => boolean): MenuNode[] {
  return nodes.flatMap((n) => {
    const children = prune(n.children, keep);
    return keep(n) || children.length > 0 ? [{ ...n, children }] : [];
  });
}

/** Leaves out hidden menus and everything under them. */
function visibleOnly(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.filter((n) => n.visible).map((n) => ({ ...n, children: visibleOnly(n.children) }));
}

/**
 * `menus.MenuTree`: the navigation a caller may see, cut from the administrator's tree (menus of
 * enabled modules and of the API, nested, siblings by sort then title).
 */
export class MenuTreeService implements MenuTree {
  constructor(private readonly ctx: ModuleContext) {}

  async treeFor(permissions: readonly string[]): Promise<MenuNode[]> {
    const tree = (await menus.service(this.ctx).tree({})) as unknown as MenuNode[];
    return prune(visibleOnly(tree), (n) => permissions.some((held) => permissionGrants(held, n.permission)));
  }
}
