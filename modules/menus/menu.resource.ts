import { defineResource, equals, Type } from '@atrium/kernel';
import { MenusErrors } from './errors';
import { MenuEntity } from './menu.entity';
import { refuseDeclaredChange, refuseDeclaredDelete } from './menu-locks';
import { CreateMenuBody, MENU_NODE_FIELDS, MenuSchema, MenuTypeSchema, UpdateMenuBody } from './menu.schemas';
import { shownWhere } from './menu-visibility';
import { titleContains } from './menu-title-filter';

/**
 * Menus through the API: those modules declare (synced by menu-sync.ts, with their `moduleId`)
 * and those made here (moduleId null). A disabled module's menus are not found here, as
 * everywhere, and a menu under one of them leaves the tree with it.
 */
export const menus = defineResource({
  path: '/menus',
  entity: MenuEntity,
  labels: { one: 'menu', many: 'menus' },
  permissions: 'system:menu',
  schemas: { view: MenuSchema, create: CreateMenuBody, update: UpdateMenuBody },
  filters: {
    keyword: titleContains,
    type: equals('type', MenuTypeSchema),
    visible: equals('visible', Type.Boolean()),
    moduleId: equals('moduleId', Type.String({ maxLength: 128, description: 'The module that declares them.' })),
  },
  sort: { title: 'title', sort: 'sort', createdAt: 'createdAt' },
  defaultSort: { sort: 'asc', title: 'asc' },
  // The validator fills the create body's other defaults; a menu made here belongs to no module.
  defaults: { moduleId: null },
  where: (ctx) => shownWhere(ctx.kernel.modules),
  tree: {
    parent: 'parentId',
    cycle: MenusErrors.SYSTEM_MENU_CYCLE_409,
    hasChildren: MenusErrors.SYSTEM_MENU_IN_USE_409,
    node: MENU_NODE_FIELDS,
    orphans: 'hidden',
  },
  hooks: { beforeUpdate: refuseDeclaredChange, beforeDelete: refuseDeclaredDelete },
  errors: { update: [MenusErrors.SYSTEM_MENU_LOCKED_409], delete: [MenusErrors.SYSTEM_MENU_LOCKED_409] },
  docs: {
    list: {
      summary: 'Menus, flat with their parentId, a page at a time (those of disabled modules left out)',
      description:
        "Every menu, whether declared in a module's manifest (with its `moduleId`) or made through the API (moduleId null); menus of disabled modules are left out. Filters and sort fields are listed with the parameters.",
    },
    tree: {
      summary: 'Every menu of enabled modules and of the API, hidden ones included, nested under `children`',
      description:
        "Every menu of enabled modules and of the API, hidden ones included, nested and ordered by sort then title: the administrator's view, unlike `/me/menus`. A menu under one of a disabled module is left out with it.",
    },
    get: { description: 'One menu with its title as stored and per language, path, component, permission, type, order and visibility.' },
    create: {
      summary: 'Adds a menu (its moduleId is null)',
      description:
        'A menu made through the API: its moduleId is null, and its permission need not be declared by any module. `titles` gives its title in other languages (`{"zh": "报表"}`; en and zh, 1 to 256 characters each), shown by `/me/menus` to a caller asking in that language. A `parentId` that does not exist is 400 naming /body/parentId.',
    },
    update: {
      summary: 'Changes a menu; `version` is the one the caller read, fields left out keep their value',
      description:
        'A menu a module declares keeps its path, title, titles, component, permission and type (409 SYSTEM_MENU_LOCKED_409); it may be moved, re-sorted, hidden or given an icon. `titles`, when sent, replaces every translation (a language left out of it has none any more). Moving a menu under itself or a descendant is 409 SYSTEM_MENU_CYCLE_409.',
    },
    delete: {
      summary: 'Removes a menu made through the API that has no children; with `version`, only if it is still the one the caller read',
      description:
        'Menus declared in a manifest belong to their module and cannot be deleted (409 SYSTEM_MENU_LOCKED_409); one with children is 409 SYSTEM_MENU_IN_USE_409. A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
    },
  },
});
