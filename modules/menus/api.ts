/** The menus module's public contract. */
import { publicApi, type Language } from '@atrium/kernel';

export type MenuType = 'directory' | 'menu' | 'button';

/** A menu's title per language; a language left out shows the stored `title`. */
export type MenuTitleTexts = { readonly [L in Language]?: string };

export interface MenuNode {
  id: string;
  parentId: string | null;
  /** In the language `treeFor` was asked for, when the menu has a title in it; else as stored. */
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
   * permission the caller holds (wildcards honoured), with their ancestors. Each title is in
   * `language` where the menu has one in it (its `titles`), else the stored `title`; without a
   * language, every title is the stored one.
   */
  treeFor(permissions: readonly string[], language?: Language): Promise<MenuNode[]>;
}

export const MenuTreeApi = publicApi<MenuTree>('menus.MenuTree');
