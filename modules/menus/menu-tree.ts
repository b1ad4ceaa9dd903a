import { permissionGrants, type Language, type ModuleContext } from '@atrium/kernel';
import type { MenuNode, MenuTitleTexts, MenuTree } from './api';
import { titleIn } from './menu-titles';
import { menus } from './menu.resource';

/** A node of the administrator's tree: a MenuNode with every title it has. */
type StoredNode = Omit<MenuNode, 'children'> & { titles?: MenuTitleTexts; children: StoredNode[] };

/** Keeps the nodes `keep` accepts and the ancestors of those: the tree stays connected. */
export function prune(nodes: readonly MenuNode[], keep: (node: MenuNode) => boolean): MenuNode[] {
  return nodes.flatMap((n) => {
    const children = prune(n.children, keep);
    return keep(n) || children.length > 0 ? [{ ...n, children }] : [];
  });
}

/**
 * Leaves out hidden menus and everything under them, each title in `language` where the menu
 * has one. Navigation shows one title: the others (`titles`) stay with the administrator's tree.
 */
function visibleOnly(nodes: readonly StoredNode[], language: Language | undefined): MenuNode[] {
  return nodes
    .filter((n) => n.visible)
    .map(({ titles, ...n }) => ({ ...n, title: titleIn({ title: n.title, titles }, language), children: visibleOnly(n.children, language) }));
}

/**
 * `menus.MenuTree`: the navigation a caller may see, cut from the administrator's tree (menus of
 * enabled modules and of the API, nested, siblings by sort then title).
 */
export class MenuTreeService implements MenuTree {
  constructor(private readonly ctx: ModuleContext) {}

  async treeFor(permissions: readonly string[], language?: Language): Promise<MenuNode[]> {
    const tree = (await menus.service(this.ctx).tree({})) as unknown as StoredNode[];
    return prune(visibleOnly(tree, language), (n) => permissions.some((held) => permissionGrants(held, n.permission)));
  }
}
