import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { MenusErrors } from './errors';
import { CreateMenuBody, MenuNodeSchema, MenuSchema, UpdateMenuBody, type MenuInput } from './menu.schemas';
import { MenuService } from './menu.service';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Stateless: one per call, so it always sees the request's EntityManager. */
const menus = (ctx: ModuleContext) => new MenuService(ctx);

export const listMenus = defineRoute({
  method: 'GET',
  path: '/menus',
  permission: 'system:menu:list',
  summary: 'Menus, flat with their parentId, a page at a time (those of disabled modules left out)',
  description:
    "Every menu, whether declared in a module's manifest (with its `moduleId`) or made through the API (moduleId null); menus of disabled modules are left out. Filters and sort fields are listed with the parameters.",
  query: Type.Object({
    keyword: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the title.' })),
    type: Type.Optional(Type.Union([Type.Literal('directory'), Type.Literal('menu'), Type.Literal('button')])),
    visible: Type.Optional(Type.Boolean()),
    moduleId: Type.Optional(Type.String({ maxLength: 128, description: 'The module that declares them.' })),
  }),
  list: { sort: { title: 'title', sort: 'sort', createdAt: 'createdAt' } },
  response: Paginated(MenuSchema),
  handler: ({ query, page }, ctx) => menus(ctx).list(page, query),
});

// Declared before /menus/{id}, which would otherwise take `tree` for an id.
export const menuTree = defineRoute({
  method: 'GET',
  path: '/menus/tree',
  permission: 'system:menu:list',
  summary: 'Every menu of enabled modules and of the API, hidden ones included, nested under `children`',
  description:
    "Every menu of enabled modules and of the API, hidden ones included, nested and ordered by sort then title: the administrator's view, unlike `/me/menus`.",
  // `data` is an object, as every response's is (contract 2.1): the roots are its `items`.
  response: Type.Object({ items: Type.Array(MenuNodeSchema) }),
  handler: async (_req, ctx) => ({ items: await menus(ctx).tree() }),
});

export const getMenu = defineRoute({
  method: 'GET',
  path: '/menus/{id}',
  permission: 'system:menu:query',
  summary: 'One menu',
  description: 'One menu with its path, component, permission, type, order and visibility.',
  params: IdParams,
  response: MenuSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => menus(ctx).get(params.id),
});

export const createMenu = defineRoute({
  method: 'POST',
  path: '/menus',
  permission: 'system:menu:add',
  summary: 'Adds a menu (its moduleId is null)',
  description:
    'A menu made through the API: its moduleId is null, and its permission need not be declared by any module. A `parentId` that does not exist is 400 naming /body/parentId.',
  status: 201,
  body: CreateMenuBody,
  response: MenuSchema,
  // The validator filled every default, so the body is a whole menu.
  handler: ({ body }, ctx) => menus(ctx).create(body as MenuInput),
});

export const updateMenu = defineRoute({
  method: 'PUT',
  path: '/menus/{id}',
  permission: 'system:menu:edit',
  summary: 'Changes a menu; `version` is the one the caller read, fields left out keep their value',
  description:
    'A menu a module declares keeps its path, title, component, permission and type (409 SYSTEM_MENU_LOCKED_409); it may be moved, re-sorted, hidden or given an icon. Moving a menu under itself or a descendant is 409 SYSTEM_MENU_CYCLE_409.',
  params: IdParams,
  body: UpdateMenuBody,
  response: MenuSchema,
  errors: [
    KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404,
    KernelErrors.SYSTEM_VERSION_CONFLICT_409,
    MenusErrors.SYSTEM_MENU_LOCKED_409,
    MenusErrors.SYSTEM_MENU_CYCLE_409,
  ],
  handler: ({ params, body: { version, ...change } }, ctx) => menus(ctx).update(params.id, change, version),
});

export const deleteMenu = defineRoute({
  method: 'DELETE',
  path: '/menus/{id}',
  permission: 'system:menu:remove',
  summary: 'Removes a menu made through the API that has no children; with `version`, only if it is still the one the caller read',
  description:
    'Menus declared in a manifest belong to their module and cannot be deleted (409 SYSTEM_MENU_LOCKED_409); one with children is 409 SYSTEM_MENU_IN_USE_409. A stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
  params: IdParams,
  query: Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) }),
  response: Type.Object({}),
  errors: [
    KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404,
    KernelErrors.SYSTEM_VERSION_CONFLICT_409,
    MenusErrors.SYSTEM_MENU_LOCKED_409,
    MenusErrors.SYSTEM_MENU_IN_USE_409,
  ],
  handler: async ({ params, query }, ctx) => {
    await menus(ctx).remove(params.id, query.version);
    return {};
  },
});
