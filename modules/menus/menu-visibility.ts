import type { ModulesCapability, FilterQuery } from '@atrium/kernel';
import type { Menu } from './menu.entity';

/**
 * Menus made through the API, and those of enabled modules. Menus of a disabled module stay in
 * the table (enabling it brings them back as they were) but leave every answer at once: each
 * query asks the kernel which modules are enabled right now.
 */
export function shownWhere(modules: ModulesCapability): FilterQuery<Menu> {
  const enabled = modules
    .list()
    .filter((m) => m.status === 'enabled')
    .map((m) => m.id);
  return { $or: [{ moduleId: null }, { moduleId: { $in: enabled } }] };
}
