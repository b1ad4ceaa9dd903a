import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';
import type { MenuTitleTexts, MenuType } from './api';

/**
 * A menu. `moduleId` is set on menus synced from a module's manifest (menu-sync.ts) and null on
 * menus made through the API. Table: migrations/0001-create-menus.ts.
 */
export const MenuEntity = defineEntity({
  name: 'Menu',
  tableName: 'menus_menu',
  properties: (p) => ({
    ...resourceColumns(p),
    parentId: p.uuid().nullable(),
    title: p.string().length(256),
    // The title per language (migrations/0003): `title` answers a language it has none in.
    titles: p.json<MenuTitleTexts>(),
    path: p.string().length(256),
    component: p.string().length(512),
    permission: p.string().length(200),
    type: p.string().length(16).$type<MenuType>(),
    icon: p.string().length(128).nullable(),
    sort: p.integer(),
    visible: p.boolean(),
    moduleId: p.string().length(128).nullable(),
  }),
});
export type Menu = InferEntity<typeof MenuEntity>;
