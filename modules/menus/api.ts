/** The menus module's public contract. */
import { publicApi } from '@atrium/kernel';

export type MenuType = 'directory' | 'menu' | 'button';

export interface MenuNode {
  id: string;
  parentId: string | null;
  title: string;
  path: string;
  component: string;
  permission: string;
  type: MenuType;
  icon: string | null;
  sort: number;
  visible: boolean;
  /** The module that declared it in its manifest; null for menus made through the API. */
  moduleId: string | null;
  children: MenuNode[];
}

export interface MenuTree {
  /**
   * The menu tree a caller holding `permissions` may see: visible menus of enabled modules whose
   * permission the caller holds (wildcards honoured), with their ancestors.
   */
  treeFor(permissions: readonly string[]): Promise<MenuNode[]>;
}

export const MenuTreeApi = publicApi<MenuTree>('menus.MenuTree');
