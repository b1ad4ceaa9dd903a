import { defineModule, provide } from '@atrium/kernel';
import { MenuTreeApi } from './api';
import { MenusErrors } from './errors';
import { MenuEntity } from './menu.entity';
import { menuSync } from './menu-sync';
import { MenuTreeService } from './menu-tree';
import { menus } from './menu.resource';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/menus': '菜单管理' } },
  errors: MenusErrors,
  entities: [MenuEntity],
  routes: menus.routes,
  provides: [provide(MenuTreeApi, (ctx) => new MenuTreeService(ctx))],
  setup: async (ctx) => {
    const sync = menuSync();
    await sync.start(ctx);
    return sync;
  },
  stop: (ctx) => ctx.state.stop(),
});
