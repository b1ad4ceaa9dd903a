import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../src/catalog/resources';
import { localizedMenus } from '../src/i18n/menu-titles';

const menu = (component: string, title: string, children: MenuNode[] = []): MenuNode => ({
  id: component,
  title,
  path: `/${component}`,
  permission: 'a:b:c',
  component,
  type: children.length > 0 ? 'directory' : 'menu',
  visible: true,
  moduleId: null,
  children,
});

describe('menu titles', () => {
  const tree = [menu('tools', 'Tools', [menu('system/user/index', 'Users'), menu('reading/list/index', 'Reading list')])];

  it('are the built-in menus’ Chinese titles in Chinese, at any depth, and another module’s own title', () => {
    const [tools] = localizedMenus(tree, 'zh');
    expect(tools.title).toBe('Tools');
    expect(tools.children.map((child) => child.title)).toEqual(['用户管理', 'Reading list']);
  });

  it('are the manifests’ titles in English, and the tree is left as it was', () => {
    expect(localizedMenus(tree, 'en')).toEqual(tree);
    expect(tree[0].children[0].title).toBe('Users');
  });
});
