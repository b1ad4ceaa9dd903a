import { DeclaredRowsSync, newId, type EntityManager, type ModuleSummary } from '@atrium/kernel';
import type { MenuTitleTexts } from './api';
import { MenuEntity, type Menu } from './menu.entity';
import { declaredTitles, sameTitles } from './menu-titles';

/** A menu as a module's manifest declares it (its titles per language from the module's code), with its place in the declaration. */
interface DeclaredMenu {
  moduleId: string;
  title: string;
  titles: MenuTitleTexts;
  path: string;
  component: string;
  permission: string;
  sort: number;
}

/**
 * Keeps the table in step with the manifests of every loaded module, enabled or not (a disabled
 * module's menus are hidden at query time, not deleted): new menus are inserted, changed titles,
 * components and permissions follow the manifest (and titles per language the module's code),
 * and menus no manifest declares any more are deleted. Menus made through the API are never
 * touched, except that children of a deleted menu move up to its nearest surviving ancestor.
 */
export const menuSync = () => new DeclaredRowsSync('menu', (em, ctx) => apply(em, declaredMenus(ctx.kernel.modules.list())));

async function apply(em: EntityManager, declared: Map<string, DeclaredMenu>): Promise<void> {
  const all = await em.find(MenuEntity, {});
  const gone = new Set<string>();
  for (const menu of all) {
    if (menu.moduleId === null || menu.moduleId === undefined) continue;
    const wanted = declared.get(keyOf(menu.moduleId, menu.path));
    if (!wanted) {
      gone.add(menu.id);
      continue;
    }
    declared.delete(keyOf(wanted.moduleId, wanted.path));
    const { title, titles, component, permission } = wanted;
    if (menu.title !== title || !sameTitles(menu.titles, titles) || menu.component !== component || menu.permission !== permission)
      em.assign(menu, { title, titles, component, permission });
  }
  const byId = new Map(all.map((m) => [m.id, m]));
  for (const menu of all) {
    if (gone.has(menu.id)) em.remove(menu);
    else if (menu.parentId && gone.has(menu.parentId)) em.assign(menu, { parentId: survivingAncestor(menu.parentId, byId, gone) });
  }
  for (const menu of declared.values()) {
    em.create(MenuEntity, { id: newId(), parentId: null, type: 'menu', icon: null, visible: true, ...menu });
  }
  await em.flush();
}

/** The nearest ancestor of `parentId` (itself included) that is not being deleted, or null. */
function survivingAncestor(parentId: string, byId: ReadonlyMap<string, Menu>, gone: ReadonlySet<string>): string | null {
  const seen = new Set<string>();
  let id: string | null | undefined = parentId;
  while (id && gone.has(id) && !seen.has(id)) {
    seen.add(id);
    id = byId.get(id)?.parentId;
  }
  return id && !gone.has(id) ? id : null;
}

/**
 * Every loaded module's menus, keyed by module and path. `sort` is the declaration order; a path
 * a manifest declares twice keeps its first declaration.
 */
function declaredMenus(modules: readonly ModuleSummary[]): Map<string, DeclaredMenu> {
  const declared = new Map<string, DeclaredMenu>();
  for (const module of modules) {
    module.menus.forEach((menu, sort) => {
      const key = keyOf(module.id, menu.path);
      if (declared.has(key)) return;
      const titles = declaredTitles(module.menuTitles, menu.path);
      declared.set(key, { moduleId: module.id, title: menu.title, titles, path: menu.path, component: menu.component, permission: menu.permission, sort });
    });
  }
  return declared;
}

function keyOf(moduleId: string, path: string): string {
  return `${moduleId}\u0000${path}`;
}
