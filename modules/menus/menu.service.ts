import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import {
  AppError,
  KernelErrors,
  checkVersion,
  escapeLike,
  flushChanges,
  newId,
  notFound,
  type ErrorDefinition,
  type ErrorDetail,
  type ModuleContext,
  type Page,
  type PageRequest,
} from '@atrium/kernel';
import type { MenuNode, MenuType } from './api';
import { MenusErrors } from './errors';
import { MenuEntity, type Menu } from './menu.entity';
import { nest } from './menu-tree';
import { enabledModuleIds, isShown, shownWhere } from './menu-visibility';
import type { MenuChange, MenuInput, MenuView } from './menu.schemas';

export interface MenuFilters {
  keyword?: string;
  type?: MenuType;
  visible?: boolean;
  moduleId?: string;
}

/** What the manifest decides for a module's menu (the sync would put any change back). */
const DECLARED: readonly (keyof MenuChange & keyof Menu)[] = ['path', 'title', 'component', 'permission', 'type'];

/**
 * Menus through the API. A disabled module's menus are not found here, as everywhere; a
 * module's own menus may be moved, re-sorted, hidden or given an icon, nothing more.
 */
export class MenuService {
  constructor(private readonly ctx: ModuleContext) {}

  async list(page: PageRequest, filters: MenuFilters): Promise<Page<MenuView>> {
    const conditions: FilterQuery<Menu>[] = [shownWhere(this.ctx.kernel)];
    if (filters.keyword) conditions.push({ title: { $ilike: `%${escapeLike(filters.keyword)}%` } });
    if (filters.type) conditions.push({ type: filters.type });
    if (filters.visible !== undefined) conditions.push({ visible: filters.visible });
    if (filters.moduleId) conditions.push({ moduleId: filters.moduleId });
    const orderBy = { ...page.orderBy({ sort: 'asc', title: 'asc' }), id: 'asc' } as const;
    const [menus, total] = await this.ctx.db.em().findAndCount(MenuEntity, { $and: conditions }, { orderBy, limit: page.limit, offset: page.offset });
    return page.result(menus.map(view), total);
  }

  /** Every shown menu, hidden ones included, nested. */
  async tree(): Promise<MenuNode[]> {
    const enabled = enabledModuleIds(this.ctx.kernel);
    return nest(await this.ctx.db.em().find(MenuEntity, {}), (m) => isShown(m, enabled));
  }

  async get(id: string): Promise<MenuView> {
    return view(await this.load(this.ctx.db.em(), id));
  }

  async create(input: MenuInput): Promise<MenuView> {
    const em = this.ctx.db.em();
    if (input.parentId !== null) await this.requireParent(em, input.parentId);
    const menu = em.create(MenuEntity, { id: newId(), ...input, moduleId: null });
    await flushChanges(em);
    return view(menu);
  }

  /** Applies `change` if the menu is still at `version`; what `change` leaves out keeps its value. */
  async update(id: string, change: MenuChange, version: number): Promise<MenuView> {
    const em = this.ctx.db.em();
    const menu = await this.load(em, id);
    checkVersion(menu.version, version);
    if (menu.moduleId) {
      const locked = DECLARED.filter((field) => change[field] !== undefined && change[field] !== menu[field]);
      conflict(
        MenusErrors.SYSTEM_MENU_LOCKED_409,
        locked.map((field) => ({ field: `/body/${field}`, rule: 'locked', message: `declared by module "${menu.moduleId}"` })),
      );
    }
    if (change.parentId) await this.checkParent(em, menu, change.parentId);
    em.assign(menu, change);
    await flushChanges(em);
    return view(menu);
  }

  async remove(id: string, version: number | undefined): Promise<void> {
    const em = this.ctx.db.em();
    const menu = await this.load(em, id);
    if (menu.moduleId) {
      conflict(MenusErrors.SYSTEM_MENU_LOCKED_409, [
        { field: '/params/id', rule: 'locked', message: `declared by module "${menu.moduleId}": it leaves with the module` },
      ]);
    }
    checkVersion(menu.version, version, '/query/version');
    // Children of a disabled module count too: they come back when it does.
    const children = await em.count(MenuEntity, { parentId: id });
    conflict(MenusErrors.SYSTEM_MENU_IN_USE_409, children > 0 ? [{ field: '/params/id', rule: 'children', message: `has ${children} child menus` }] : []);
    em.remove(menu);
    await flushChanges(em);
  }

  /** The new parent exists, and is neither the menu nor one of its descendants. */
  private async checkParent(em: EntityManager, menu: Menu, parentId: string): Promise<void> {
    await this.requireParent(em, parentId);
    const parents = new Map((await em.find(MenuEntity, {})).map((m) => [m.id, m.parentId ?? null]));
    const seen = new Set<string>();
    for (let at: string | null = parentId; at !== null && !seen.has(at); at = parents.get(at) ?? null) {
      if (at === menu.id) {
        conflict(MenusErrors.SYSTEM_MENU_CYCLE_409, [{ field: '/body/parentId', rule: 'cycle', message: 'is the menu itself or one of its descendants' }]);
      }
      seen.add(at);
    }
  }

  private async load(em: EntityManager, id: string): Promise<Menu> {
    const menu = await this.find(em, id);
    if (!menu) throw notFound('menu', id);
    return menu;
  }

  /** A parent named in the body that is not there is a bad request, not a missing resource. */
  private async requireParent(em: EntityManager, id: string): Promise<void> {
    if (!(await this.find(em, id))) {
      throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field: '/body/parentId', rule: 'exists', message: `no menu ${id}` }] });
    }
  }

  private find(em: EntityManager, id: string): Promise<Menu | null> {
    return em.findOne(MenuEntity, { $and: [{ id }, shownWhere(this.ctx.kernel)] });
  }
}

function conflict(error: ErrorDefinition, details: ErrorDetail[]): void {
  if (details.length > 0) throw new AppError(error, { details });
}

function view(menu: Menu): MenuView {
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
    version: menu.version,
    createdAt: menu.createdAt.toISOString(),
    updatedAt: menu.updatedAt.toISOString(),
  };
}
